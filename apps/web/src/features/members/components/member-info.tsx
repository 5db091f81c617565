import { Badge, Stack, Text } from '@mantine/core';
import { formatDay, type Member } from '@kora/shared';
import type { ReactNode } from 'react';
import { formatPhone } from '@/lib/format';
import { MEMBER_TEXTS } from '../member-form';
import { InfoCard, type InfoItem } from './info-list';
import { MemberSubscriptionCard } from './member-subscription-card';

/** The member's personal information, emergency contact and subscription, then `children`. */
export function MemberInfo({ member: m, children }: { member: Member; children?: ReactNode }) {
  const emergency: InfoItem[] = [
    ['Name', m.emergency_contact_name],
    ['Phone', formatPhone(m.emergency_contact_number)],
    ['Relationship', m.emergency_contact_relationship],
  ];
  const hasEmergency =
    m.emergency_contact_name || m.emergency_contact_number || m.emergency_contact_relationship;
  return (
    <Stack gap="md">
      <InfoCard
        title="Personal Information"
        items={[
          ['Email', m.email_address],
          ['Phone', formatPhone(m.mobile_number)],
          ['Address', m.home_address],
          ['City', m.city],
          ['State', m.state],
          ['Gender', m.gender || 'Not specified'],
          ['Date of Birth', m.date_of_birth ? formatDay(m.date_of_birth) : null],
          [
            'Account Status',
            <Badge color={m.is_active ? 'green' : 'gray'} variant="light">
              {m.is_active ? 'Active' : 'Inactive'}
            </Badge>,
          ],
          ['Renewal Reminders', m.reminders_opt_out ? 'Opted out' : 'Receives reminders'],
        ]}
      />
      {hasEmergency ? (
        <InfoCard title="Emergency Contact" items={emergency} />
      ) : (
        <InfoCard title="Emergency Contact">
          <Text size="sm" c="dimmed">
            {MEMBER_TEXTS.noEmergency}
          </Text>
        </InfoCard>
      )}
      <MemberSubscriptionCard member={m} />
      {children}
    </Stack>
  );
}
