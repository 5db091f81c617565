import { Grid, SimpleGrid, Stack } from '@mantine/core';
import { lagosDay, type Dashboard } from '@kora/shared';
import { useState, type ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session';
import { useCan } from '@/lib/use-can';
import { useDashboard } from '../api';
import { DASHBOARD_TEXTS, emptyDashboard } from '../dashboard-format';
import { AttendancePanels } from './attendance-panels';
import { DashboardCards } from './dashboard-cards';
import { ExpiringPanel } from './expiring-panel';
import { GettingStartedCard } from './getting-started-card';
import { loadCharts } from './lazy-charts';
import { LifecyclePanel, MembershipGrowthPanel } from './member-panels';
import { PanelSkeleton } from './panel';
import { RecentActivityPanel } from './recent-activity-panel';
import { PaymentMethodsPanel, RevenueByPlanPanel, RevenueTrendPanel } from './revenue-panels';
import { UnconfirmedTransfersPanel } from './unconfirmed-transfers-panel';

// The charts' code starts loading with the page's, while the dashboard's call is on its way.
loadCharts().catch(() => undefined);

/** What a user without a business sees (the server has nothing to count for them yet). */
const noBusiness = () => emptyDashboard(lagosDay());

/**
 * A new business sees its first steps instead of empty charts: until every step is done, and
 * only while no payment has been recorded (once one is, the charts have something to show).
 */
const isNewBusiness = ({ getting_started: steps }: Dashboard) =>
  !steps.payment && !Object.values(steps).every(Boolean);

const half = { base: 12, md: 6 };

interface PanelsProps {
  data: Dashboard;
  /** False before the business exists: nothing is asked of the server (it would refuse). */
  hasBusiness?: boolean;
  onRenew: (memberId: number) => void;
  /** Send payment link, while Paystack is connected. */
  onSendLink?: (memberId: number, planId: number) => void;
}

function Panels({ data, hasBusiness = true, onRenew, onSendLink }: PanelsProps) {
  if (isNewBusiness(data))
    return (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <GettingStartedCard done={data.getting_started} />
          <RecentActivityPanel data={data} />
        </SimpleGrid>
        {hasBusiness ? (
          <Grid gutter="md">
            <AttendancePanels onlyWhenUsed />
          </Grid>
        ) : null}
      </Stack>
    );
  // Staff the owner has not let see revenue get no money charts (the server sends none).
  if (!data.revenue_visible)
    return (
      <Grid gutter="md">
        <Grid.Col span={half}>
          <ExpiringPanel data={data} onRenew={onRenew} onSendLink={onSendLink} />
        </Grid.Col>
        <Grid.Col span={half}>
          <RecentActivityPanel data={data} />
        </Grid.Col>
        <AttendancePanels />
        <Grid.Col span={half}>
          <MembershipGrowthPanel data={data} />
        </Grid.Col>
        <Grid.Col span={half}>
          <LifecyclePanel data={data} />
        </Grid.Col>
      </Grid>
    );
  return (
    <Grid gutter="md">
      <Grid.Col span={half}>
        <RevenueTrendPanel data={data} />
      </Grid.Col>
      <Grid.Col span={half}>
        <MembershipGrowthPanel data={data} />
      </Grid.Col>
      <Grid.Col span={half}>
        <ExpiringPanel data={data} onRenew={onRenew} onSendLink={onSendLink} />
      </Grid.Col>
      <Grid.Col span={half}>
        <RecentActivityPanel data={data} />
      </Grid.Col>
      <AttendancePanels />
      <Grid.Col span={half}>
        <RevenueByPlanPanel data={data} />
      </Grid.Col>
      <Grid.Col span={half}>
        <PaymentMethodsPanel data={data} />
      </Grid.Col>
      <Grid.Col span={12}>
        <LifecyclePanel data={data} />
      </Grid.Col>
    </Grid>
  );
}

export interface DashboardOverviewProps extends Omit<PanelsProps, 'data'> {
  /** Over the figures, for a user with a business: tasks waiting for staff (held payments). */
  tasks?: ReactNode;
  /** Under the cards, for a user with a business: more figures (the reminders sent). */
  moreStats?: ReactNode;
  /** After everything: the dialogs the actions open. */
  children?: ReactNode;
}

/**
 * The business's figures, charts, expiring subscriptions and recent activity, under the
 * transfers waiting to be confirmed (owners and admins). The page that
 * shows it (app/pages/dashboard-page.tsx) adds what other features contribute.
 */
export function DashboardOverview({
  tasks,
  moreStats,
  onRenew,
  onSendLink,
  children,
}: DashboardOverviewProps) {
  const { user } = useSession();
  const hasBusiness = user?.businessId != null;
  const query = useDashboard(hasBusiness);
  const [fallback] = useState(noBusiness);
  const data = hasBusiness ? query.data : fallback;
  // Only owners and admins confirm transfers: the reminder is theirs.
  const canConfirm = useCan('payments.confirm');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        description={`${user?.firstSession ? 'Welcome' : 'Welcome back'}${user?.firstName ? `, ${user.firstName}` : ''}. Here is an overview of your gym.`}
      />
      {hasBusiness ? tasks : null}
      {hasBusiness && canConfirm && data ? (
        <UnconfirmedTransfersPanel data={data.unconfirmed_transfers} />
      ) : null}
      {!data && query.isError ? (
        <LoadError
          message={DASHBOARD_TEXTS.loadFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <DashboardCards data={data} />
          {hasBusiness ? moreStats : null}
          {data ? (
            <Panels
              data={data}
              hasBusiness={hasBusiness}
              onRenew={onRenew}
              onSendLink={onSendLink}
            />
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" role="status" aria-label="Loading">
              {[0, 1, 2, 3].map((i) => (
                <PanelSkeleton key={i} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
      {children}
    </Stack>
  );
}
