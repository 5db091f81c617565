import { Alert, Anchor, Button, Card, FileButton, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconDownload,
  IconFileSpreadsheet,
  IconUpload,
} from '@tabler/icons-react';
import { IMPORT_MESSAGES, type MemberImport } from '@kora/shared';
import { useState } from 'react';
import { saveFile } from '@/components/export-menu';
import { errorMessage } from '@/lib/api-error';
import { IMPORT_ACCEPT, TEMPLATE_NAME, importFileError, templateCsv } from './import-file';
import { useUploadImport } from './import-api';

const UPLOAD_FAILED = IMPORT_MESSAGES.unreadable;

/** Step 1: choose an .xlsx or .csv file (checked here first), then send it to be read. */
export function UploadStep({ onUploaded }: { onUploaded: (upload: MemberImport) => void }) {
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (chosen: File | null) => {
    upload.reset();
    if (!chosen) return;
    const error = importFileError(chosen);
    setProblem(error);
    setFile(error ? null : chosen);
  };

  const send = () => {
    if (!file) return setProblem(IMPORT_MESSAGES.fileRequired);
    upload.mutate(file, { onSuccess: ({ data }) => onUploaded(data) });
  };

  const error = problem ?? (upload.error ? errorMessage(upload.error, UPLOAD_FAILED) : null);

  return (
    <Card withBorder radius="lg" padding="lg" maw={720}>
      <Stack gap="md">
        <div>
          <Text fw={600}>Choose your members spreadsheet</Text>
          <Text size="sm" c="dimmed" mt={4}>
            An Excel (.xlsx) or CSV file of at most 5 MB. Your first sheet is read; a title row
            above the headers is fine. Up to 10,000 members.
          </Text>
        </div>
        <Card withBorder radius="md" padding="md" bg="var(--mantine-color-gray-0)">
          <Stack gap="sm" align="flex-start">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, maxWidth: '100%' }}>
              <IconFileSpreadsheet size={20} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {file ? file.name : 'No file chosen'}
              </Text>
            </Group>
            <FileButton
              onChange={pick}
              accept={IMPORT_ACCEPT}
              inputProps={{ 'aria-label': 'Members spreadsheet' }}
              disabled={upload.isPending}
            >
              {(props) => (
                <Button variant="default" {...props}>
                  {file ? 'Choose another file' : 'Choose file'}
                </Button>
              )}
            </FileButton>
          </Stack>
        </Card>
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="sm">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => saveFile(templateCsv(), TEMPLATE_NAME)}
          >
            <Group gap={4} component="span">
              <IconDownload size={14} aria-hidden />
              Download a template
            </Group>
          </Anchor>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={send}
            loading={upload.isPending}
          >
            Upload
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
