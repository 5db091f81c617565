import { Badge, Button, Grid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { formatDay, type Member } from '@kora/shared';
import { Link, useNavigate } from 'react-router';
import { ArrivalBanner } from '@/components/arrival-banner';
import { LoadError } from '@/components/load-error';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useIdParam } from '@/components/use-id-param';
import { useSectionPath } from '@/components/use-section-path';
import { ApiError } from '@/lib/api-error';
import { usePageTitle } from '@/lib/use-page-title';
import { useMember } from '../api';
import { InfoCard } from '../components/info-list';
import { MemberPictureCard } from '../components/member-picture-card';
import { MemberQuickActions } from '../components/member-quick-actions';
import { MemberStatusBadge } from '../components/member-status-badge';
import { MemberSubscriptionCard } from '../components/member-subscription-card';
import { displayPhone, memberFullName } from '../member-format';
import { MEMBER_TEXTS, MEMBER_UPDATED_BANNER_MS } from '../member-form';

interface MemberDetailsPageProps {
  /** Update Subscription: by default the payments page opens with this member chosen. */
  onUpdateSubscription?: (member: Member) => void;
}

/** /members/{id}. */
export function MemberDetailsPage({ onUpdateSubscription }: MemberDetailsPageProps) {
  const id = useIdParam();
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const member = useMember(id);
  const list = sectionPath('members');
  usePageTitle(member.data ? memberFullName(member.data) : 'Member details');
  const back = (
    <Button
      component={Link}
      to={list}
      variant="subtle"
      px={0}
      mb="xs"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      Back to Members
    </Button>
  );

  if (id === 0 || (member.error instanceof ApiError && member.error.status === 404))
    return (
      <>
        <PageHeader title="Member Details" />
        <NotFoundState message={MEMBER_TEXTS.notFound} backTo={list} backLabel="Back to Members" />
      </>
    );
  if (member.isError)
    return (
      <>
        {back}
        <LoadError
          message={MEMBER_TEXTS.detailFailed}
          error={member.error}
          onRetry={() => void member.refetch()}
        />
      </>
    );
  if (!member.data) return <PageLoader />;

  const m = member.data;
  const updateSubscription =
    onUpdateSubscription ??
    ((target: Member) =>
      void navigate(`${sectionPath('payments')}?record=1&member_id=${target.id}`));
  const hasEmergency =
    m.emergency_contact_name || m.emergency_contact_number || m.emergency_contact_relationship;

  return (
    <Stack gap="md">
      <div>
        {back}
        <PageHeader title="Member Details" />
      </div>
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
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <InfoCard
              title="Personal Information"
              items={[
                ['Email', m.email_address],
                ['Phone', displayPhone(m.mobile_number)],
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
              ]}
            />
            {hasEmergency ? (
              <InfoCard
                title="Emergency Contact"
                items={[
                  ['Name', m.emergency_contact_name],
                  ['Phone', displayPhone(m.emergency_contact_number)],
                  ['Relationship', m.emergency_contact_relationship],
                ]}
              />
            ) : (
              <InfoCard title="Emergency Contact">
                <Text size="sm" c="dimmed">
                  {MEMBER_TEXTS.noEmergency}
                </Text>
              </InfoCard>
            )}
            <MemberSubscriptionCard member={m} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
