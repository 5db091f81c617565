import { Button } from '@mantine/core';
import { IconCalendarStats } from '@tabler/icons-react';
import { lagosDay } from '@kora/shared';
import {
  ListToolbar,
  activeFilterCount,
  useListFilters,
  type FilterChoice,
} from '@/components/list';
import { ListCard } from '@/components/list-card';
import { PageHeader } from '@/components/page-header';
import { MemberAutocomplete, useChosenMember } from '@/features/members';
import { usePlans } from '@/features/subscription-plans';
import { usePageTitle } from '@/lib/use-page-title';
import { SUBSCRIPTIONS_PER_PAGE, useSubscriptions } from '../api';
import { SubscriptionCards } from '../components/subscription-cards';
import { SubscriptionStats } from '../components/subscription-stats';
import { SubscriptionsTable } from '../components/subscriptions-table';
import { SUBSCRIPTION_TEXTS } from '../subscription-status';

const FILTERS = ['member_id', 'subscription_type_id', 'status', 'start_date', 'end_date'] as const;
const STATUS_CHOICE: FilterChoice = {
  key: 'status',
  label: 'Status',
  allLabel: 'All',
  options: [
    { value: 'active', label: 'Active' },
    { value: 'upcoming', label: 'Upcoming' },
    { value: 'expired', label: 'Expired' },
  ],
};

/** /subscriptions: counts, member search and filters (kept in the URL), the paged list. */
export function SubscriptionsPage() {
  const { filters, page, apply, clear, setPage } = useListFilters(FILTERS);
  const subscriptions = useSubscriptions({ page, ...filters });
  const plans = usePlans(false);
  const chosen = useChosenMember(filters.member_id);
  const filtered = activeFilterCount(filters) > 0;
  const today = lagosDay();
  usePageTitle('Subscriptions');

  return (
    <>
      <PageHeader
        title="Subscriptions"
        description="Every member subscription: active, upcoming, expiring and expired."
      />
      <SubscriptionStats />
      <ListCard
        toolbar={
          <ListToolbar
            noun="subscriptions"
            filters={filters}
            plans={plans.data}
            planLabel="Plan"
            choice={STATUS_CHOICE}
            onApply={apply}
            onClear={clear}
            member={chosen.member}
            onMemberPicked={chosen.remember}
            MemberPicker={MemberAutocomplete}
          />
        }
        query={subscriptions}
        errorMessage={SUBSCRIPTION_TEXTS.listFailed}
        empty={{
          icon: IconCalendarStats,
          title: filtered ? SUBSCRIPTION_TEXTS.noMatch : SUBSCRIPTION_TEXTS.none,
          text: filtered
            ? undefined
            : 'Recording a payment for a member starts their subscription.',
          action: filtered ? (
            <Button variant="default" onClick={clear}>
              Clear Filters
            </Button>
          ) : null,
        }}
        noun="subscriptions"
        perPage={SUBSCRIPTIONS_PER_PAGE}
        onPageChange={setPage}
        cards={(rows) => <SubscriptionCards subscriptions={rows} today={today} />}
        table={(rows) => <SubscriptionsTable subscriptions={rows} today={today} />}
      />
    </>
  );
}
