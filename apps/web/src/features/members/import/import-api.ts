import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf, type ImportSettingsInput, type MemberImport } from '@kora/shared';
import { importContracts } from '@/lib/api-routes';
import { callApi } from '@/lib/api-client';
import { http, requestFile } from '@/lib/http';
import { useDataQuery } from '@/lib/use-data-query';
import { membersKey } from '../api';

/** An import, under the members key (refreshing the members after it refreshes it too). */
export const memberImportKey = (id: number) => [...membersKey, 'import', id] as const;

/** While an import runs, its progress is asked for every second. */
const IMPORT_POLL_MS = 1000;

export const importApi = {
  /** Multipart (one `file`), so through http rather than callApi. */
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.upload<MemberImport>(importContracts.upload.path, form);
  },
  get: (id: number) => callApi(importContracts.get, { params: { id } }),
  preview: (id: number, input: ImportSettingsInput) =>
    callApi(importContracts.preview, { params: { id }, body: input }),
  start: (id: number) => callApi(importContracts.start, { params: { id } }),
  /** The refused and skipped rows with their reason, as a CSV file. */
  refused: (id: number) => requestFile(pathOf(importContracts.refused.path, { id })),
};

/** The import `id` (0: none yet); asked again every second while it runs. */
export const useMemberImport = (id: number) =>
  useDataQuery(memberImportKey(id), () => importApi.get(id), {
    enabled: id > 0,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
  });

/** Each step's call answers the import: it goes into the cache as is. */
const useImportMutation = <Input>(call: (input: Input) => Promise<{ data: MemberImport }>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ data }) => queryClient.setQueryData(memberImportKey(data.id), data),
  });
};

export const useUploadImport = () => useImportMutation((file: File) => importApi.upload(file));

export const usePreviewImport = (id: number) =>
  useImportMutation((input: ImportSettingsInput) => importApi.preview(id, input));

export const useStartImport = (id: number) => useImportMutation(() => importApi.start(id));
