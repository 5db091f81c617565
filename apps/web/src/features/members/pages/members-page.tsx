import {
  Button,
  Card,
  CloseButton,
  Loader,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { MEMBER_SEARCH_MAX, type Member } from '@kora/shared';
import { useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { PaginationFooter } from '@/components/pagination-footer';
import { useSectionPath } from '@/components/use-section-path';
import { MEMBERS_PER_PAGE, useMembers } from '../api';
import { MemberCards } from '../components/member-cards';
import { MemberStats } from '../components/member-stats';
import { MembersTable } from '../components/members-table';
import { MEMBER_TEXTS } from '../member-form';
import { useMemberListParams } from '../use-member-list-params';

/** /members: summary cards, search, the paged list (cards on a phone). */
export function MembersPage() {
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const { page, search, input, setInput, setPage } = useMemberListParams();
  const members = useMembers({ page, search });
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const open = (m: Member) => void navigate(sectionPath(`members/${m.id}`));
  const add = () => void navigate(sectionPath('members/add'));
  const data = members.data;

  return (
    <>
      <PageHeader
        title="Members"
        description="Your gym's members, their details and subscriptions."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
            Add Member
          </Button>
        }
      />
      <MemberStats />
      <Card withBorder radius="lg" padding={0}>
        <Stack p="md" pb="xs">
          <TextInput
            placeholder="Search name, phone, email or ID"
            aria-label="Search members"
            type="search"
            value={input}
            maxLength={MEMBER_SEARCH_MAX}
            onChange={(e) => setInput(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              members.isFetching && data ? (
                <Loader size="xs" />
              ) : input ? (
                <CloseButton aria-label="Clear search" onClick={() => setInput('')} />
              ) : null
            }
          />
        </Stack>
        {members.isError && !data ? (
          <Stack p="md">
            <LoadError message={MEMBER_TEXTS.listFailed} onRetry={() => void members.refetch()} />
          </Stack>
        ) : !data ? (
          <PageLoader minHeight={200} />
        ) : data.meta.total === 0 ? (
          <Stack align="center" gap="sm" ta="center" p="xl">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconUsers size={26} aria-hidden />
            </ThemeIcon>
            <Title order={3} fz="h4">
              {search ? 'No members found' : 'No members yet'}
            </Title>
            <Text c="dimmed" size="sm" maw={380}>
              {search
                ? `No member matches "${search}". Check the spelling or search by phone number.`
                : 'Add your first member to start tracking subscriptions and payments.'}
            </Text>
            {search ? null : (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
                Add First Member
              </Button>
            )}
          </Stack>
        ) : (
          <>
            {data.data.length === 0 ? (
              <Text c="dimmed" size="sm" p="md">
                No members on this page.
              </Text>
            ) : phone ? (
              <MemberCards members={data.data} onOpen={open} />
            ) : (
              <MembersTable
                members={data.data}
                onOpen={open}
                onEdit={(m) => void navigate(sectionPath(`members/${m.id}/edit`))}
              />
            )}
            <Stack px="md" pb="md" gap={0}>
              <PaginationFooter
                page={data.meta.page}
                pages={data.meta.pages}
                perPage={MEMBERS_PER_PAGE}
                total={data.meta.total}
                capped={data.meta.total_capped}
                noun="members"
                onChange={setPage}
                disabled={members.isFetching}
              />
            </Stack>
          </>
        )}
      </Card>
    </>
  );
}
