import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FreezeRequest } from '@kora/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/form-alerts';
import { PaginationFooter } from '@/components/pagination-footer';
import { REQUESTS_PER_PAGE, useFreezeRequests } from '../api';
import { FREEZE_TEXTS, freezeSpan } from '../freeze-format';
import { useFreezeDecide } from '../use-freeze-decide';
import { FeeApproval } from './fee-approval';

/** One request: who, which days, why, and Approve / Decline. */
function RequestRow({
  request,
  busy,
  onDecide,
}: {
  request: FreezeRequest;
  busy: boolean;
  onDecide: (action: 'approve' | 'decline') => void;
}) {
  const name = `${request.member.first_name} ${request.member.last_name}`.trim();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" role="listitem" aria-label={name}>
      <Stack gap={0}>
        <Anchor component={Link} to={`/members/${request.member.id}`} fw={600} size="sm">
          {name}
        </Anchor>
        <Text size="sm">{freezeSpan(request)}</Text>
        {request.reason ? (
          <Text size="xs" c="dimmed">
            {request.reason}
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs">
        <Button size="xs" variant="light" disabled={busy} onClick={() => onDecide('approve')}>
          Approve
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={() => onDecide('decline')}>
          Decline
        </Button>
      </Group>
    </Group>
  );
}

/**
 * The members' freeze requests waiting for approval, newest first, on the dashboard: each with
 * Approve (checked again against the plan's rules: a refusal shows its words) and Decline.
 * Nothing shows while there is none.
 */
export function FreezeRequestsCard() {
  const [page, setPage] = useState(1);
  const requests = useFreezeRequests(page);
  const { decide, act, feeApproval } = useFreezeDecide((r: FreezeRequest) => r.member_id);
  const rows = requests.data?.data ?? [];
  if (requests.isError)
    return <ErrorAlert error={requests.error} fallback={FREEZE_TEXTS.requestsFailed} />;
  if (!requests.data || requests.data.meta.total === 0) return null;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-label={FREEZE_TEXTS.requestsTitle}
    >
      <Title order={3} fz="h5" mb="sm">
        {FREEZE_TEXTS.requestsTitle} ({requests.data.meta.total})
      </Title>
      <Stack gap="sm" role="list">
        <ErrorAlert error={decide.error} fallback={FREEZE_TEXTS.decisionFailed} />
        {rows.map((r) => (
          <RequestRow
            key={r.id}
            request={r}
            busy={decide.isPending}
            onDecide={(action) => act(r, action)}
          />
        ))}
      </Stack>
      {requests.data.meta.pages > 1 ? (
        <PaginationFooter
          page={page}
          pages={requests.data.meta.pages}
          total={requests.data.meta.total}
          perPage={REQUESTS_PER_PAGE}
          noun="requests"
          onChange={setPage}
        />
      ) : null}
      <FeeApproval {...feeApproval} />
    </Card>
  );
}
