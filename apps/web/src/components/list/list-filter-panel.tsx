import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { END_BEFORE_START, type Member, type Plan } from '@kora/shared';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { ListFilters } from './list-filters';

/** A select's "all" choice (Mantine keeps '' for "nothing chosen"). */
const ALL = 'all';

/** The range rule of the API (end on or after start), said of the start date. */
const START_AFTER_END = 'Start date must be on or before the end date';

/** The member picker the lists use (the members feature's): a member or none. */
interface MemberPickerProps {
  value: Member | null;
  onChange: (member: Member | null) => void;
  label?: string;
  placeholder?: string;
  'aria-label'?: string;
  leftSection?: ReactNode;
}
type MemberPicker = ComponentType<MemberPickerProps>;

export interface FilterChoice {
  key: 'method' | 'status';
  label: string;
  allLabel: string;
  options: { value: string; label: string }[];
}

/** What a list filters on, and what it does with the filters (the toolbar's and the panel's). */
export interface FilterProps {
  /** The member of the member filter, once loaded. */
  member: Member | null;
  /** Keeps a member just picked, so it shows without a new call. */
  onMemberPicked: (member: Member) => void;
  /** Finds a member (the members feature's picker). */
  MemberPicker: MemberPicker;
  plans: Plan[] | undefined;
  planLabel: string;
  /** The list's choices: the payments' method and status, the subscriptions' status. */
  choice: FilterChoice | readonly FilterChoice[];
  onApply: (filters: ListFilters) => void;
  onClear: () => void;
}

interface ListFilterPanelProps extends FilterProps {
  /** The filters in force (from the URL). */
  applied: ListFilters;
}

/** The two ends of the date range: their fields, and the rule each says when they cross. */
const DATE_BOUNDS = {
  start: { label: 'Start Date', rule: START_AFTER_END },
  end: { label: 'End Date', rule: END_BEFORE_START },
} as const;

/**
 * The Filters panel of the payments and subscriptions lists: member, plan, the list's choices
 * (method, status), and a date range. Changes wait for Apply Filters; Clear removes every filter.
 */
export function ListFilterPanel(props: ListFilterPanelProps) {
  const { applied, plans, MemberPicker } = props;
  const choices: readonly FilterChoice[] = Array.isArray(props.choice)
    ? props.choice
    : [props.choice as FilterChoice];
  const [member, setMember] = useState<Member | null>(props.member);
  const [plan, setPlan] = useState(applied.subscription_type_id ?? ALL);
  const [picked, setPicked] = useState<Record<string, string>>(() =>
    Object.fromEntries(choices.map((c) => [c.key, applied[c.key] ?? ALL])),
  );
  const [start, setStart] = useState(applied.start_date ?? '');
  const [end, setEnd] = useState(applied.end_date ?? '');
  // Which date was changed last: the rule shows under it; both dates are marked invalid.
  const [lastDate, setLastDate] = useState<'start' | 'end'>('end');
  const inverted = Boolean(start && end && end < start);
  const dateInput = (bound: keyof typeof DATE_BOUNDS) => (
    <TextInput
      label={DATE_BOUNDS[bound].label}
      type="date"
      value={bound === 'start' ? start : end}
      min={bound === 'end' ? start || undefined : undefined}
      max={bound === 'start' ? end || undefined : undefined}
      onChange={(e) => {
        (bound === 'start' ? setStart : setEnd)(e.currentTarget.value);
        setLastDate(bound);
      }}
      error={!inverted ? null : lastDate === bound ? DATE_BOUNDS[bound].rule : true}
    />
  );

  const apply = () => {
    // An inverted range is never applied: the list would only say nothing matches.
    if (inverted) return;
    if (member) props.onMemberPicked(member);
    props.onApply({
      // A member still loading from the URL stays chosen.
      member_id: member ? String(member.id) : props.member ? '' : (applied.member_id ?? ''),
      subscription_type_id: plan === ALL ? '' : plan,
      ...Object.fromEntries(
        choices.map((c) => [c.key, picked[c.key] === ALL ? '' : picked[c.key]]),
      ),
      start_date: start,
      end_date: end,
      // The dashboard's "paid on or before" stays while the list still shows unconfirmed transfers.
      unconfirmed_before: picked.status === 'unconfirmed' ? (applied.unconfirmed_before ?? '') : '',
    });
  };

  return (
    <form
      aria-label="Filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: choices.length > 1 ? 3 : 5 }} spacing="sm">
        <MemberPicker
          label="Member"
          placeholder="Type 2+ letters"
          value={member}
          onChange={setMember}
        />
        <Select
          label={props.planLabel}
          data={[
            { value: ALL, label: 'All Plans' },
            ...(plans ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          value={plan}
          onChange={(v) => setPlan(v ?? ALL)}
          allowDeselect={false}
        />
        {choices.map((c) => (
          <Select
            key={c.key}
            label={c.label}
            data={[{ value: ALL, label: c.allLabel }, ...c.options]}
            value={picked[c.key]}
            onChange={(v) => setPicked((prev) => ({ ...prev, [c.key]: v ?? ALL }))}
            allowDeselect={false}
          />
        ))}
        {dateInput('start')}
        {dateInput('end')}
      </SimpleGrid>
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button variant="default" onClick={props.onClear}>
          Clear
        </Button>
        <Button type="submit" disabled={inverted}>
          Apply Filters
        </Button>
      </Group>
    </form>
  );
}
