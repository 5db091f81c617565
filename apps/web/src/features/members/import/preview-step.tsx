import { Alert, Button, Card, Flex, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconUserPlus } from '@tabler/icons-react';
import type { MemberImport } from '@kora/shared';
import { errorMessage } from '@/lib/api-error';
import { useStartImport } from './import-api';
import { ImportCountCards } from './import-counts';
import { ImportRowsTable } from './import-rows-table';

const START_FAILED = 'The import could not be started. Please try again.';

/** "Import 1 member", "Import 1,200 members". */
const importLabel = (n: number) =>
  `Import ${n.toLocaleString('en-NG')} ${n === 1 ? 'member' : 'members'}`;

/** Step 3: what each row will do; back to the columns, or start the import. */
export function PreviewStep({ upload, onBack }: { upload: MemberImport; onBack: () => void }) {
  const start = useStartImport(upload.id);
  const { counts } = upload;
  const importing = counts.create + counts.update;

  return (
    <Stack gap="md">
      <ImportCountCards counts={counts} />
      <Card withBorder radius="lg" padding="md">
        <Title order={3} size="h5" mb={4}>
          First rows
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The first rows of {upload.file_name}, as they will be imported.
        </Text>
        {upload.preview_rows.length ? (
          <ImportRowsTable rows={upload.preview_rows} caption="First rows" />
        ) : (
          <Text size="sm">No rows to show.</Text>
        )}
      </Card>
      {upload.problem_rows.length ? (
        <Card withBorder radius="lg" padding="md">
          <Title order={3} size="h5" mb={4}>
            Rows to check
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Rows that will be refused, skipped or update a member. Correct a refused row in your
            file and upload it again, or import the others now.
          </Text>
          <ImportRowsTable rows={upload.problem_rows} caption="Rows to check" />
        </Card>
      ) : null}
      {start.error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {errorMessage(start.error, START_FAILED)}
        </Alert>
      ) : null}
      {importing === 0 ? (
        <Text size="sm" c="dimmed">
          No row can be imported: go back and check the columns, or correct the file.
        </Text>
      ) : null}
      <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onBack}
          disabled={start.isPending}
        >
          Back
        </Button>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => start.mutate()}
          loading={start.isPending}
          disabled={importing === 0}
        >
          {importLabel(importing)}
        </Button>
      </Flex>
    </Stack>
  );
}
