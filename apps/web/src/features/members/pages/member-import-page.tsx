import { Button, Stepper, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { IMPORT_MESSAGES, type MemberImport } from '@kora/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useSectionPath } from '@/components/use-section-path';
import { ApiError } from '@/lib/api-error';
import { useRefreshAfter } from '@/lib/query-keys';
import { usePageTitle } from '@/lib/use-page-title';
import { memberImportKey, useMemberImport } from '../import/import-api';
import { MappingStep } from '../import/mapping-step';
import { PreviewStep } from '../import/preview-step';
import { ResultStep } from '../import/result-step';
import { UploadStep } from '../import/upload-step';

/** The import's steps, as the stepper names them. */
const STEPS = ['File', 'Columns', 'Review', 'Import'];

export const IMPORT_LOAD_FAILED = 'The import could not be loaded. Please try again.';

/** The `?id=` of the URL: a positive whole number, 0 when absent, -1 when it cannot be an id. */
const idOf = (value: string | null): number => {
  if (value === null) return 0;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : -1;
};

/** The step an import is at, from what the server says (so a reload keeps it). */
const stepOf = (upload: MemberImport, editing: boolean): number => {
  if (upload.status === 'done') return 4;
  if (upload.status === 'running') return 3;
  return upload.previewed && !editing ? 2 : 1;
};

/** Once an import is done, the members (lists, summary, dashboard) load again, once. */
const useRefreshWhenDone = (upload: MemberImport | undefined) => {
  const refresh = useRefreshAfter('member');
  const refreshed = useRef<number | null>(null);
  useEffect(() => {
    if (upload?.status !== 'done' || refreshed.current === upload.id) return;
    refreshed.current = upload.id;
    void refresh({ key: memberImportKey(upload.id), data: upload });
  }, [upload, refresh]);
};

/**
 * /members/import?id=N: upload a spreadsheet, match its columns, preview, import. The import's
 * id is in the URL and its step comes from the server, so a reload (or a return later) keeps it.
 */
export function MemberImportPage() {
  usePageTitle('Import members');
  const sectionPath = useSectionPath();
  const [params, setParams] = useSearchParams();
  const id = idOf(params.get('id'));
  const query = useMemberImport(id);
  const upload = id > 0 ? query.data : undefined;
  const [editingId, setEditingId] = useState<number | null>(null);
  useRefreshWhenDone(upload);

  const show = (next: number | null) => {
    setEditingId(null);
    setParams(next ? { id: String(next) } : {});
  };

  let step = 0;
  let content;
  if (id === 0) content = <UploadStep onUploaded={(u) => show(u.id)} />;
  else if (id < 0 || (query.error instanceof ApiError && query.error.status === 404))
    content = (
      <NotFoundState
        message={IMPORT_MESSAGES.notFound}
        backTo={sectionPath('members/import')}
        backLabel="Upload a file"
      />
    );
  else if (query.isError)
    content = (
      <LoadError
        message={IMPORT_LOAD_FAILED}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!upload) content = <PageLoader />;
  else {
    step = stepOf(upload, editingId === upload.id);
    content =
      step === 1 ? (
        <MappingStep
          // Another header row reads the columns again: the step starts afresh from them.
          key={`${upload.id}:${upload.header_row}`}
          upload={upload}
          onPreviewed={() => setEditingId(null)}
        />
      ) : step === 2 ? (
        <PreviewStep upload={upload} onBack={() => setEditingId(upload.id)} />
      ) : (
        <ResultStep upload={upload} onAnother={() => show(null)} />
      );
  }

  return (
    <>
      <PageHeader
        title="Import members"
        description="Bring in the members you already keep in a spreadsheet."
        actions={
          <Button
            component={Link}
            to={sectionPath('members')}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Members
          </Button>
        }
      />
      <Stepper
        active={step}
        size="sm"
        mb="lg"
        allowNextStepsSelect={false}
        wrap={false}
        visibleFrom="sm"
      >
        {STEPS.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      {/* Four steps with their labels do not fit a phone's width: the step in words instead. */}
      <Text hiddenFrom="sm" size="sm" c="dimmed" fw={500} mb="md">
        Step {Math.min(step, STEPS.length - 1) + 1} of {STEPS.length}:{' '}
        {STEPS[Math.min(step, STEPS.length - 1)]}
        {step >= STEPS.length ? ' (done)' : ''}
      </Text>
      {content}
    </>
  );
}
