import { Card, ScrollArea, Stack, Tabs } from '@mantine/core';
import {
  IconBell,
  IconBuildingStore,
  IconCreditCard,
  IconDoorEnter,
  IconPalette,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';
import {
  BusinessProfileSettings,
  DayPassSettings,
  FreezeSettings,
  KioskSettings,
  PromotionsSettings,
  StaffAllowanceSettings,
} from '@/features/business';
import { PaystackSettings } from '@/features/online';
import { ReceiptSettings } from '@/features/payments';
import { ReminderSettings } from '@/features/reminders';
import { usePageTitle } from '@/lib/use-page-title';

const TABS = [
  { value: 'business', label: 'Business Profile', icon: IconBuildingStore },
  { value: 'payments', label: 'Payments', icon: IconCreditCard },
  { value: 'reminders', label: 'Reminders', icon: IconBell },
  { value: 'desk', label: 'Front Desk', icon: IconDoorEnter },
  { value: 'users', label: 'User Management', icon: IconUsers },
  { value: 'security', label: 'Security', icon: IconShieldLock },
  { value: 'appearance', label: 'Appearance', icon: IconPalette },
] as const;

/**
 * /settings: a tab per part of the business the owner sets up (the business profile, Paystack,
 * renewal reminders and who promotions reach, the front desk's receipts, day passes and kiosks), each from its own
 * feature.
 */
export function SettingsPage() {
  usePageTitle('Settings');
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.value === params.get('tab')) ? params.get('tab')! : 'business';

  return (
    <>
      <PageHeader title="Settings" description="Manage your business profile and preferences." />
      <Card withBorder radius="lg" padding={0}>
        <Tabs
          value={tab}
          onChange={(value) =>
            setParams(value && value !== 'business' ? { tab: value } : {}, { replace: true })
          }
          keepMounted={false}
        >
          <ScrollArea type="never">
            <Tabs.List style={{ flexWrap: 'nowrap' }} px="sm" pt="xs">
              {TABS.map(({ value, label, icon: Icon }) => (
                <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                  {label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
          <Tabs.Panel value="business" p={{ base: 'md', sm: 'lg' }}>
            <BusinessProfileSettings />
          </Tabs.Panel>
          <Tabs.Panel value="payments" p={{ base: 'md', sm: 'lg' }}>
            <PaystackSettings />
          </Tabs.Panel>
          <Tabs.Panel value="reminders" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="lg">
              <ReminderSettings />
              <PromotionsSettings />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="desk" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="lg">
              <ReceiptSettings />
              <DayPassSettings />
              <FreezeSettings />
              <StaffAllowanceSettings />
              <KioskSettings />
            </Stack>
          </Tabs.Panel>
          {TABS.slice(4).map(({ value, label }) => (
            <Tabs.Panel key={value} value={value} p={{ base: 'md', sm: 'lg' }}>
              <ComingSoon title={label} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Card>
    </>
  );
}
