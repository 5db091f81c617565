import { Badge, Box, Button, Collapse, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { ListFilterPanel, type FilterProps } from './list-filter-panel';
import { activeFilterCount, type ListFilters } from './list-filters';

export interface ListToolbarProps extends FilterProps {
  /** What the list holds, for the search box's name: "payments". */
  noun: string;
  /** The filters in force; `member` is the one of `filters.member_id`. */
  filters: ListFilters;
}

/**
 * The search box and the Filters toggle of a list. The lists have no text search on the
 * server, so the search box finds a member (name, phone, e-mail or member ID) and choosing one
 * filters the list to that member at once; clearing it removes that filter.
 */
export function ListToolbar(props: ListToolbarProps) {
  const { noun, filters, ...panel } = props;
  const { onApply, member, onMemberPicked, MemberPicker } = panel;
  const [opened, { toggle }] = useDisclosure(false);
  const count = activeFilterCount(filters);

  return (
    <>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <MemberPicker
            aria-label={`Search ${noun} by member`}
            placeholder="Search member"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={member}
            onChange={(picked) => {
              if (picked) onMemberPicked(picked);
              onApply({ ...filters, member_id: picked ? String(picked.id) : '' });
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
              key={`${JSON.stringify(filters)}:${member?.id ?? ''}`}
              applied={filters}
              {...panel}
            />
          </Box>
        ) : null}
      </Collapse>
    </>
  );
}
