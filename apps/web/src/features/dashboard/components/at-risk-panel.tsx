import { Anchor, Badge, Box, Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconUserExclamation } from '@tabler/icons-react';
import { AT_RISK_PER_PAGE, type AtRiskMember } from '@kora/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { InlineLoader } from '@/components/inline-loader';
import { LoadError } from '@/components/load-error';
import { MemberAvatar } from '@/components/person-avatar';
import { fullName, lastVisitText } from '@/lib/format';
import { useAtRisk } from '../api';
import { ATTENDANCE_TEXTS } from '../attendance-format';
import { formatCount } from '../dashboard-format';
import { Panel, PanelRow } from './panel';

/**
 * A WhatsApp chat with the member, a greeting already typed: WhatsApp is how Nigerian gyms
 * reach their members, and a member at risk is reached one at a time.
 */
const whatsAppLink = (m: AtRiskMember['member']) =>
  `https://wa.me/${m.mobile_number.replace(/\D/g, '')}?text=${encodeURIComponent(
    `Hello ${m.first_name}, we have missed you at the gym! Is everything all right?`,
  )}`;

function AtRiskRow({ row }: { row: AtRiskMember }) {
  const m = row.member;
  const name = fullName(m.first_name, m.last_name);
  return (
    <PanelRow>
      <Group justify="space-between" wrap="wrap" gap="sm" align="center">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
          <MemberAvatar member={m} size={36} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/members/${m.id}`} size="sm" fw={600}>
              {name}
            </Anchor>
            <Group gap={6} wrap="wrap">
              <Badge
                size="sm"
                variant="light"
                color={row.reason === 'visits_fell' ? 'orange' : 'red'}
              >
                {row.why}
              </Badge>
              <Text size="xs" c="dimmed">
                Last visit: {lastVisitText(row.last_visit_at)}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Button
          component="a"
          href={whatsAppLink(m)}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          variant="light"
          leftSection={<IconBrandWhatsapp size={14} aria-hidden />}
          aria-label={`Send message to ${name}`}
        >
          Send message
        </Button>
      </Group>
    </PanelRow>
  );
}

/**
 * Active members who stopped coming (no visit in 14 days) or come half as often as before, the
 * most at risk first, a page at a time; each can be sent a message.
 */
export function AtRiskPanel({ count }: { count: number }) {
  const [page, setPage] = useState(1);
  const query = useAtRisk(page);
  const rows = query.data?.data ?? [];
  const pages = query.data?.meta.pages ?? 1;
  return (
    <Panel
      title="At risk"
      icon={IconUserExclamation}
      aside={
        <Badge variant="light" color={count > 0 ? 'red' : 'gray'} size="lg">
          {formatCount(count)}
        </Badge>
      }
    >
      {query.isError && !query.data ? (
        <LoadError
          message={ATTENDANCE_TEXTS.atRiskFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : !query.data ? (
        <InlineLoader>Loading the members at risk…</InlineLoader>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {ATTENDANCE_TEXTS.noneAtRisk}
        </Text>
      ) : (
        <Stack gap="sm">
          <Box
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Members at risk"
          >
            {rows.map((r) => (
              <AtRiskRow key={r.member.id} row={r} />
            ))}
          </Box>
          {pages > 1 ? (
            <Pagination
              size="sm"
              total={pages}
              value={page}
              onChange={setPage}
              getItemProps={(p) => ({ 'aria-label': `At risk page ${p}` })}
              aria-label="At risk pages"
            />
          ) : null}
          <Text size="xs" c="dimmed">
            {`Showing ${(page - 1) * AT_RISK_PER_PAGE + 1} to ${Math.min(page * AT_RISK_PER_PAGE, query.data.meta.total)} of ${formatCount(query.data.meta.total)}`}
          </Text>
        </Stack>
      )}
    </Panel>
  );
}
