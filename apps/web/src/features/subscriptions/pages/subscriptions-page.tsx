import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarStats } from '@tabler/icons-react';
import { lagosDay } from '@kora/shared';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { PaginationFooter } from '@/components/pagination-footer';
import { usePlans } from '@/features/subscription-plans';
import { SUBSCRIPTIONS_PER_PAGE, useSubscriptions } from '../api';
import type { FilterChoice } from '../components/list-filter-panel';
import { ListToolbar } from '../components/list-toolbar';
import { SubscriptionCards } from '../components/subscription-cards';
import { SubscriptionStats } from '../components/subscription-stats';
import { SubscriptionsTable } from '../components/subscriptions-table';
import { activeFilterCount } from '../list-filters';
import { SUBSCRIPTION_TEXTS } from '../subscription-status';
import { useListFilters } from '../use-list-filters';

const FILTERS = ['member_id', 'subscription_type_id', 'status', 'start_date', 'end_date'] as const;
const STATUS_CHOICE: FilterChoice = {
  key: 'status',
  label: 'Status',
  allLabel: 'All',
  options: [
    { value: 'active', label: 'Active' },
    { value: 'expired', label: 'Expired' },
  ],
};

/** /subscriptions: counts, member search and filters (kept in the URL), the paged list. */
export function SubscriptionsPage() {
  const { filters, page, apply, clear, setPage } = useListFilters(FILTERS);
  const subscriptions = useSubscriptions({ page, ...filters });
  const plans = usePlans(false);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const filtered = activeFilterCount(filters) > 0;
  const data = subscriptions.data;
  const today = lagosDay();

  return (
    <>
      <PageHeader
        title="Subscriptions"
        description="Every member subscription: active, expiring and expired."
      />
      <SubscriptionStats />
      <Card withBorder radius="lg" padding={0}>
        <Stack p="md" pb="xs" gap={0}>
          <ListToolbar
            noun="subscriptions"
            filters={filters}
            plans={plans.data}
            planLabel="Plan"
            choice={STATUS_CHOICE}
            onApply={apply}
            onClear={clear}
          />
        </Stack>
        {subscriptions.isError && !data ? (
          <Stack p="md">
            <LoadError
              message={SUBSCRIPTION_TEXTS.listFailed}
              onRetry={() => void subscriptions.refetch()}
            />
          </Stack>
        ) : !data ? (
          <PageLoader minHeight={200} />
        ) : data.meta.total === 0 ? (
          <Stack align="center" gap="sm" ta="center" p="xl">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconCalendarStats size={26} aria-hidden />
            </ThemeIcon>
            <Title order={3} fz="h4">
              {filtered ? SUBSCRIPTION_TEXTS.noMatch : SUBSCRIPTION_TEXTS.none}
            </Title>
            {filtered ? (
              <Button variant="default" onClick={clear}>
                Clear Filters
              </Button>
            ) : (
              <Text c="dimmed" size="sm" maw={380}>
                Recording a payment for a member starts their subscription.
              </Text>
            )}
          </Stack>
        ) : (
          <>
            {data.data.length === 0 ? (
              <Text c="dimmed" size="sm" p="md">
                No subscriptions on this page.
              </Text>
            ) : phone ? (
              <SubscriptionCards subscriptions={data.data} today={today} />
            ) : (
              <SubscriptionsTable subscriptions={data.data} today={today} />
            )}
            <Stack px="md" pb="md" gap={0}>
              <PaginationFooter
                page={data.meta.page}
                pages={data.meta.pages}
                perPage={SUBSCRIPTIONS_PER_PAGE}
                total={data.meta.total}
                noun="subscriptions"
                onChange={setPage}
                disabled={subscriptions.isFetching}
              />
            </Stack>
          </>
        )}
      </Card>
    </>
  );
}
