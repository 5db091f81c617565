import { Button, Chip, CloseButton, Group, Loader, TextInput } from '@mantine/core';
import { IconFileImport, IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { MEMBER_SEARCH_MAX, type Member, type MemberVisitedFilter } from '@kora/shared';
import { exportContracts } from '@/lib/api-routes';
import { Link, useNavigate } from 'react-router';
import { Can } from '@/components/can';
import { ExportMenu } from '@/components/export-menu';
import { ListCard } from '@/components/list-card';
import { PageHeader } from '@/components/page-header';
import { useSectionPath } from '@/components/use-section-path';
import { usePageTitle } from '@/lib/use-page-title';
import { MEMBERS_PER_PAGE, useMembers } from '../api';
import { AccountStatusFilter } from '../components/account-status-filter';
import { VISITED_LABELS, VisitedFilter } from '../components/visited-filter';
import { MemberCards } from '../components/member-cards';
import { MemberStats } from '../components/member-stats';
import { MembersTable } from '../components/members-table';
import { MEMBER_TEXTS } from '../member-texts';
import { useMemberListParams } from '../use-member-list-params';
import './members-page-styles.css';

/** What the empty list says when a search or a filter finds nobody. */
const noMatchText = (
  search: string,
  accountStatus: string | undefined,
  walkIns: boolean,
  visited: MemberVisitedFilter | undefined,
) =>
  search
    ? `No ${accountStatus ? `${accountStatus} ` : ''}${walkIns ? 'walk-in' : 'member'} matches "${search}". Check the spelling or search by phone number.`
    : visited
      ? `No ${accountStatus === 'inactive' ? 'deactivated ' : accountStatus === 'active' ? 'active ' : ''}${walkIns ? 'walk-in' : 'member'} matches "${VISITED_LABELS[visited]}".`
      : walkIns
        ? `There are no ${accountStatus === 'inactive' ? 'deactivated ' : ''}walk-ins. A day pass sold at the desk adds one.`
        : `There are no ${accountStatus === 'inactive' ? 'deactivated' : 'active'} member accounts.`;

/**
 * /members: summary cards, search, the account, walk-ins, last-visit and Frozen filters, the paged list (cards on a
 * phone).
 */
export function MembersPage() {
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const { list, input, setInput, setPage, setAccountStatus, setKind, setVisited, setFrozen } =
    useMemberListParams();
  const { search, accountStatus, kind, visited, frozen } = list;
  const members = useMembers(list);
  const filtered = Boolean(search || accountStatus || kind || visited || frozen);
  usePageTitle('Members');
  const open = (m: Member) => void navigate(sectionPath(`members/${m.id}`));
  const add = () => void navigate(sectionPath('members/add'));

  return (
    <>
      <PageHeader
        title="Members"
        description="Your gym's members, their details and subscriptions."
        actions={
          <>
            <ExportMenu
              contract={exportContracts.members}
              filters={{
                search,
                account_status: accountStatus,
                kind,
                visited,
                frozen: frozen ? 'true' : undefined,
              }}
              name="members"
            />
            <Can action="members.write">
              {(allowed) =>
                allowed ? (
                  <Button
                    component={Link}
                    to={sectionPath('members/import')}
                    variant="default"
                    leftSection={<IconFileImport size={16} aria-hidden />}
                  >
                    Import
                  </Button>
                ) : null
              }
            </Can>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
              Add Member
            </Button>
          </>
        }
      />
      <MemberStats />
      <ListCard
        toolbar={
          <Group gap="sm" align="center" wrap="wrap">
            <TextInput
              style={{ flex: '1 1 240px' }}
              placeholder="Search name, phone, email or ID"
              aria-label="Search members"
              type="search"
              value={input}
              maxLength={MEMBER_SEARCH_MAX}
              onChange={(e) => setInput(e.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                members.isFetching && members.data ? (
                  <Loader size="xs" />
                ) : input ? (
                  <CloseButton aria-label="Clear search" onClick={() => setInput('')} />
                ) : null
              }
            />
            <AccountStatusFilter value={accountStatus} onChange={setAccountStatus} />
            <Chip
              checked={kind === 'walk_in'}
              onChange={(on) => setKind(on ? 'walk_in' : undefined)}
              size="md"
            >
              Walk-ins
            </Chip>
            <Chip checked={frozen} onChange={setFrozen} size="md">
              Frozen
            </Chip>
            <VisitedFilter value={visited} onChange={setVisited} />
          </Group>
        }
        query={members}
        errorMessage={MEMBER_TEXTS.listFailed}
        empty={{
          icon: IconUsers,
          title: filtered ? 'No members found' : 'No members yet',
          text: filtered
            ? frozen && !search
              ? 'No member is frozen today.'
              : noMatchText(search, accountStatus, kind === 'walk_in', visited)
            : 'Add your first member to start tracking subscriptions and payments.',
          action: filtered ? null : (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
              Add First Member
            </Button>
          ),
        }}
        noun="members"
        perPage={MEMBERS_PER_PAGE}
        onPageChange={setPage}
        cards={(rows) => <MemberCards members={rows} onOpen={open} />}
        table={(rows) => (
          <MembersTable
            members={rows}
            onOpen={open}
            onEdit={(m) => void navigate(sectionPath(`members/${m.id}/edit`))}
          />
        )}
      />
    </>
  );
}
