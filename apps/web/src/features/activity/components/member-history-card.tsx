import { Card, Text, Title } from '@mantine/core';
import type { Member } from '@kora/shared';
import { useState } from 'react';
import { PagedRows } from '@/components/paged-rows';
import { ACTIVITY_TEXTS } from '../activity-format';
import { HISTORY_PER_PAGE, useMemberHistory } from '../api';
import { ActivityEntries } from './activity-entries';

/**
 * What was done to or for a member (their payments, changes, check-ins let in, messages), newest
 * first, 10 a page: for owners and admins, who may read the trail (the page composing it checks).
 */
export function MemberHistoryCard({ member }: { member: Pick<Member, 'id'> }) {
  const [page, setPage] = useState(1);
  const history = useMemberHistory(member.id, page);
  return (
    <Card withBorder radius="lg" padding={0}>
      <Title order={3} fz="h5" p="lg" pb="xs">
        {ACTIVITY_TEXTS.historyTitle}
      </Title>
      <PagedRows
        query={history}
        errorMessage={ACTIVITY_TEXTS.historyFailed}
        empty={
          <Text size="sm" c="dimmed" px="lg" pb="lg">
            {ACTIVITY_TEXTS.historyNone}
          </Text>
        }
        noun="actions"
        perPage={HISTORY_PER_PAGE}
        onPageChange={setPage}
        loaderHeight={120}
        footerWhenPaged
        rows={(rows) => <ActivityEntries entries={rows} />}
      />
    </Card>
  );
}
