import { Button, Card, Flex, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileImport, IconUsers } from '@tabler/icons-react';
import type { MemberImport } from '@kora/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { saveFile } from '@/components/export-menu';
import { useSectionPath } from '@/components/use-section-path';
import { errorMessage } from '@/lib/api-error';
import { importApi } from './import-api';
import { ImportCountCards } from './import-counts';

const REFUSED_FAILED = 'The rows could not be downloaded. Please try again.';

const count = (n: number) => n.toLocaleString('en-NG');

/** "Importing… 1,200 of 10,000 rows" with the bar. */
function Importing({ upload }: { upload: MemberImport }) {
  const { processed_rows: done, total_rows: total } = upload;
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <Card withBorder radius="lg" padding="lg" maw={720}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Importing {upload.file_name}
        </Title>
        <Progress value={percent} size="lg" radius="xl" animated aria-label="Import progress" />
        <Text size="sm" role="status">
          Importing… {count(done)} of {count(total)} rows
        </Text>
        <Text size="xs" c="dimmed">
          You can leave this page: the import goes on, and this page shows where it is when you come
          back.
        </Text>
      </Stack>
    </Card>
  );
}

/** Step 4: the progress while the import runs, then what it did. */
export function ResultStep({ upload, onAnother }: { upload: MemberImport; onAnother: () => void }) {
  const sectionPath = useSectionPath();
  const [downloading, setDownloading] = useState(false);
  if (upload.status !== 'done') return <Importing upload={upload} />;
  const { counts } = upload;
  const leftOut = counts.skip + counts.refuse;

  const download = async () => {
    setDownloading(true);
    try {
      const file = await importApi.refused(upload.id);
      saveFile(file.blob, file.filename ?? `import-${upload.id}-refused-rows.csv`);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Download failed',
        message: errorMessage(error, REFUSED_FAILED),
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={3} size="h4">
          Import finished
        </Title>
        <Text size="sm" c="dimmed">
          {count(counts.create + counts.update)} of {count(upload.total_rows)} rows of{' '}
          {upload.file_name} imported.
        </Text>
      </div>
      <ImportCountCards counts={counts} done />
      <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" wrap="wrap">
        {leftOut > 0 ? (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={() => void download()}
          >
            Download refused and skipped rows (CSV)
          </Button>
        ) : null}
        <Button
          variant="default"
          leftSection={<IconFileImport size={16} aria-hidden />}
          onClick={onAnother}
        >
          Import another file
        </Button>
        <Button
          component={Link}
          to={sectionPath('members')}
          leftSection={<IconUsers size={16} aria-hidden />}
        >
          Go to members
        </Button>
      </Flex>
    </Stack>
  );
}
