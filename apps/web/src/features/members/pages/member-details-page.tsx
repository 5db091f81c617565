import { Button, Grid, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import type { Member } from '@kora/shared';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ArrivalBanner } from '@/components/arrival-banner';
import { DisabledWithReason } from '@/components/disabled-with-reason';
import { RecordHeader, RecordPage } from '@/components/record-page';
import { useIdParam } from '@/components/use-id-param';
import { useSectionPath } from '@/components/use-section-path';
import { usePageTitle } from '@/lib/use-page-title';
import { useMember } from '../api';
import { rememberMember, useConnection } from '@/features/offline';
import { MemberInfo } from '../components/member-info';
import { MemberLastSeen } from '../components/member-last-seen';
import { MemberPictureCard } from '../components/member-picture-card';
import { MemberQuickActions } from '../components/member-quick-actions';
import { MemberVisitsCard } from '../components/member-visits-card';
import { MemberStatusBadge } from '../components/member-status-badge';
import { deactivatedReason, memberFullName } from '../member-format';
import { MEMBER_RECORD, MEMBER_TEXTS, MEMBER_UPDATED_BANNER_MS } from '../member-form';

interface MemberDetailsPageProps {
  /**
   * Record Payment (at the top) and Update Subscription: by default the payments page opens with
   * this member chosen.
   */
  onUpdateSubscription?: (member: Member) => void;
  /** More quick actions, from another feature (Send Payment Link). */
  moreActions?: (member: Member) => ReactNode;
  /** More cards under the member's details, from another feature (payment links). */
  moreCards?: (member: Member) => ReactNode;
  /** Under the member's subscription, from another feature (whom a group plan covers). */
  subscriptionCards?: (member: Member) => ReactNode;
}

/**
 * /members/{id}. Record Payment sits at the top, beside the title, where the desk looks first; a
 * deactivated member cannot pay, and the button says why.
 */
export function MemberDetailsPage({
  onUpdateSubscription,
  moreActions,
  moreCards,
  subscriptionCards,
}: MemberDetailsPageProps) {
  const id = useIdParam();
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const member = useMember(id);
  const { online } = useConnection();
  usePageTitle(member.data ? memberFullName(member.data) : 'Member details');
  // This device keeps the member as shown, for the desk to read while offline.
  const shown = online ? member.data : undefined;
  useEffect(() => {
    if (shown) void rememberMember(shown.id, shown).catch(() => undefined);
  }, [shown]);
  const updateSubscription =
    onUpdateSubscription ??
    ((target: Member) =>
      void navigate(`${sectionPath('payments')}?record=1&member_id=${target.id}`));

  if (!online)
    return (
      <MemberLastSeen
        // A new member, a new copy.
        key={id}
        id={id}
        held={member.data ? { data: member.data, at: member.dataUpdatedAt } : undefined}
        onUpdateSubscription={updateSubscription}
      />
    );

  return (
    <RecordPage id={id} query={member} of={MEMBER_RECORD} title="Member Details" backOnError>
      {(m) => (
        <Stack gap="md">
          <RecordHeader
            of={MEMBER_RECORD}
            title="Member Details"
            actions={
              <DisabledWithReason reason={deactivatedReason(m, 'recording a payment')}>
                <Button
                  leftSection={<IconCreditCard size={16} aria-hidden />}
                  onClick={() => updateSubscription(m)}
                >
                  Record Payment
                </Button>
              </DisabledWithReason>
            }
          />
          <ArrivalBanner
            title={MEMBER_TEXTS.updatedTitle}
            message={MEMBER_TEXTS.updatedText}
            ms={MEMBER_UPDATED_BANNER_MS}
          />
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="md">
                <MemberPictureCard member={m}>
                  <Title order={3} fz="h4">
                    {memberFullName(m)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    Member ID: {m.member_id || 'Not assigned'}
                  </Text>
                  <MemberStatusBadge member={m} />
                </MemberPictureCard>
                <MemberQuickActions
                  member={m}
                  editTo={sectionPath(`members/${m.id}/edit`)}
                  onUpdateSubscription={updateSubscription}
                >
                  {moreActions?.(m)}
                </MemberQuickActions>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <MemberInfo member={m}>{subscriptionCards?.(m)}</MemberInfo>
                <MemberVisitsCard member={m} />
                {moreCards?.(m)}
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </RecordPage>
  );
}
