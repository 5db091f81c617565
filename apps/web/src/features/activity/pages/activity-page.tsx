import { Alert, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconHistory, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { saveFile } from '@/components/export-menu';
import { ListCard } from '@/components/list-card';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-error';
import { useCan } from '@/lib/use-can';
import { usePageTitle } from '@/lib/use-page-title';
import { useUrlFilters } from '@/lib/use-url-filters';
import {
  ACTIVITY_FILTER_KEYS,
  readActivityFilters,
  type ActivityFilters,
} from '../activity-filters';
import { ACTIVITY_TEXTS } from '../activity-format';
import { ACTIVITY_PER_PAGE, exportActivity, useActivity } from '../api';
import { ActivityEntries } from '../components/activity-entries';
import { ActivityFilterBar } from '../components/activity-filter-bar';

/** Export CSV: every entry the filters keep (not only the page shown), as a file. */
function ExportCsvButton({ filters }: { filters: ActivityFilters }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      const file = await exportActivity(filters);
      saveFile(file.blob, file.filename ?? 'activity.csv');
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Export failed',
        message: errorMessage(error, ACTIVITY_TEXTS.exportFailed),
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="default"
      loading={pending}
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => void download()}
    >
      Export CSV
    </Button>
  );
}

/** The trail itself, for a role that may read it. */
function ActivityList() {
  const list = useUrlFilters(ACTIVITY_FILTER_KEYS, readActivityFilters);
  const activity = useActivity(list.filters, list.page);
  return (
    <>
      <PageHeader
        title={ACTIVITY_TEXTS.title}
        description={ACTIVITY_TEXTS.description}
        actions={<ExportCsvButton filters={list.filters} />}
      />
      <ListCard
        toolbar={
          <ActivityFilterBar
            key={list.count === 0 ? 'none' : 'some'}
            filters={list.filters}
            onChange={list.change}
            onClear={list.clear}
            count={list.count}
          />
        }
        query={activity}
        errorMessage={ACTIVITY_TEXTS.listFailed}
        empty={
          list.count > 0
            ? {
                icon: IconHistory,
                title: ACTIVITY_TEXTS.noMatch,
                action: (
                  <Button variant="default" onClick={list.clear}>
                    Clear Filters
                  </Button>
                ),
              }
            : { icon: IconHistory, title: ACTIVITY_TEXTS.none, text: ACTIVITY_TEXTS.noneHint }
        }
        noun="actions"
        perPage={ACTIVITY_PER_PAGE}
        onPageChange={list.setPage}
        cards={(rows) => <ActivityEntries entries={rows} />}
        table={(rows) => <ActivityEntries entries={rows} />}
      />
    </>
  );
}

/**
 * /activity: the business's audit trail, newest first, 20 a page, filtered by person, kind of
 * record, member and dates (kept in the URL), with Export CSV. Only owners and admins read it;
 * anyone else opening the address is told so, and nothing is asked of the server.
 */
export function ActivityPage() {
  usePageTitle(ACTIVITY_TEXTS.title);
  const allowed = useCan('audit.read');
  if (allowed) return <ActivityList />;
  return (
    <>
      <PageHeader title={ACTIVITY_TEXTS.title} />
      <Alert color="gray" icon={<IconLock size={18} aria-hidden />}>
        {ACTIVITY_TEXTS.notAllowed}
      </Alert>
    </>
  );
}
