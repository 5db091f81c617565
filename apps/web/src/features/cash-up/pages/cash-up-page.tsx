import { Stack, Tabs } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/use-can';
import { usePageTitle } from '@/lib/use-page-title';
import { CASH_UP_TEXTS } from '../cash-up-format';
import { CashUpList } from '../components/cash-up-list';
import { CashUpWeekView } from '../components/cash-up-week';
import { DrawerCard } from '../components/drawer-card';

/**
 * /cash-up, for every role: "Your drawer" (what Kora expects, the count, the difference), then
 * the cash-ups recorded. Owners and admins see everyone's (filtered by person, dates, only the
 * short ones) and the week per person per day; staff see their own.
 */
export function CashUpPage() {
  usePageTitle(CASH_UP_TEXTS.title);
  // Who may read the trail manages the team's money: owners and admins.
  const manager = useCan('audit.read');
  return (
    <>
      <PageHeader title={CASH_UP_TEXTS.title} description={CASH_UP_TEXTS.description} />
      <Stack gap="md">
        <DrawerCard />
        {manager ? (
          <Tabs defaultValue="list" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="list">{CASH_UP_TEXTS.listTitle}</Tabs.Tab>
              <Tabs.Tab value="week">{CASH_UP_TEXTS.weekTitle}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="list">
              <CashUpList manager />
            </Tabs.Panel>
            <Tabs.Panel value="week">
              <CashUpWeekView />
            </Tabs.Panel>
          </Tabs>
        ) : (
          <CashUpList manager={false} />
        )}
      </Stack>
    </>
  );
}
