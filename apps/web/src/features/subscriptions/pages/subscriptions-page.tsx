import { IconCalendarStats } from '@tabler/icons-react';
import { lagosDay } from '@kora/shared';
import { exportContracts } from '@/lib/api-routes';
import { ExportMenu } from '@/components/export-menu';
import { FilteredListCard, statusChoice, useListFilters } from '@/components/list';
import { PageHeader } from '@/components/page-header';
import { useMemberFilter } from '@/features/members';
import { usePageTitle } from '@/lib/use-page-title';
import { usePlans } from '@/lib/use-plans';
import { SUBSCRIPTIONS_PER_PAGE, useSubscriptions } from '../api';
import { SubscriptionCards } from '../components/subscription-cards';
import { SubscriptionStats } from '../components/subscription-stats';
import { SubscriptionsTable } from '../components/subscriptions-table';
import { SUBSCRIPTION_TEXTS } from '../subscription-status';

const FILTERS = ['member_id', 'subscription_type_id', 'status', 'start_date', 'end_date'] as const;
const STATUS_CHOICE = statusChoice([
  { value: 'active', label: 'Active' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'expired', label: 'Expired' },
]);

/** /subscriptions: counts, member search and filters (kept in the URL), the paged list. */
export function SubscriptionsPage() {
  const list = useListFilters(FILTERS);
  const subscriptions = useSubscriptions({ page: list.page, ...list.filters });
  const plans = usePlans(false);
  const memberFilter = useMemberFilter(list.filters.member_id);
  const today = lagosDay();
  usePageTitle('Subscriptions');

  return (
    <>
      <PageHeader
        title="Subscriptions"
        description="Every member subscription: active, upcoming, expiring and expired."
        actions={
          <ExportMenu
            contract={exportContracts.subscriptions}
            filters={list.filters}
            name="subscriptions"
          />
        }
      />
      <SubscriptionStats />
      <FilteredListCard
        list={list}
        toolbar={{ ...memberFilter, plans: plans.data, planLabel: 'Plan', choice: STATUS_CHOICE }}
        query={subscriptions}
        texts={SUBSCRIPTION_TEXTS}
        empty={{
          icon: IconCalendarStats,
          text: 'Recording a payment for a member starts their subscription.',
        }}
        noun="subscriptions"
        perPage={SUBSCRIPTIONS_PER_PAGE}
        cards={(rows) => <SubscriptionCards subscriptions={rows} today={today} />}
        table={(rows) => <SubscriptionsTable subscriptions={rows} today={today} />}
      />
    </>
  );
}
