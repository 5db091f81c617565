import { Badge, Box, Button, Collapse, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import type { Plan } from '@kora/shared';
import { MemberAutocomplete } from '@/components/member-autocomplete';
import { activeFilterCount, type ListFilters } from '../list-filters';
import { useChosenMember } from '../use-chosen-member';
import { ListFilterPanel, type FilterChoice } from './list-filter-panel';

interface ListToolbarProps {
  /** What the list holds, for the search box's name: "payments". */
  noun: string;
  filters: ListFilters;
  plans: Plan[] | undefined;
  planLabel: string;
  choice: FilterChoice;
  onApply: (filters: ListFilters) => void;
  onClear: () => void;
}

/**
 * The search box and the Filters toggle of a list. The lists have no text search on the
 * server, so the search box finds a member (name, phone, e-mail or member ID) and choosing one
 * filters the list to that member at once; clearing it removes that filter.
 */
export function ListToolbar(props: ListToolbarProps) {
  const { filters, onApply } = props;
  const [opened, { toggle }] = useDisclosure(false);
  const chosen = useChosenMember(filters.member_id);
  const count = activeFilterCount(filters);

  return (
    <>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <MemberAutocomplete
            aria-label={`Search ${props.noun} by member`}
            placeholder="Search member"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={chosen.member}
            onChange={(member) => {
              if (member) chosen.remember(member);
              onApply({ ...filters, member_id: member ? String(member.id) : '' });
            }}
          />
        </Box>
        <Button
          variant={opened ? 'light' : 'default'}
          leftSection={<IconFilter size={16} aria-hidden />}
          rightSection={
            count > 0 ? (
              <Badge size="sm" circle aria-label={`${count} active`}>
                {count}
              </Badge>
            ) : null
          }
          onClick={toggle}
          aria-expanded={opened}
        >
          Filters
        </Button>
      </Group>
      <Collapse in={opened}>
        {/* Mounted only while open: nothing hidden to tab into. */}
        {opened ? (
          <Box pt="md">
            <ListFilterPanel
              key={`${JSON.stringify(filters)}:${chosen.member?.id ?? ''}`}
              applied={filters}
              member={chosen.member}
              onMemberPicked={chosen.remember}
              plans={props.plans}
              planLabel={props.planLabel}
              choice={props.choice}
              onApply={onApply}
              onClear={props.onClear}
            />
          </Box>
        ) : null}
      </Collapse>
    </>
  );
}
