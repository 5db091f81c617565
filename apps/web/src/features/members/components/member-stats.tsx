import {
  IconClockX,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { StatGrid, countStat } from '@/components/stat-grid';
import { useMemberSummary } from '../api';

const CARDS: {
  key: 'total' | 'active' | 'new_this_month' | 'deactivated' | 'lapsed';
  label: string;
  hint: string;
  icon: Icon;
  color: string;
}[] = [
  { key: 'total', label: 'Total', hint: 'All members', icon: IconUsers, color: 'kora' },
  {
    key: 'active',
    label: 'Active',
    hint: 'Accounts not deactivated',
    icon: IconUserCheck,
    color: 'green',
  },
  {
    key: 'new_this_month',
    label: 'New',
    hint: 'Joined this month',
    icon: IconUserPlus,
    color: 'blue',
  },
  {
    key: 'deactivated',
    label: 'Deactivated',
    hint: 'Accounts deactivated by the gym',
    icon: IconUserOff,
    color: 'gray',
  },
  {
    key: 'lapsed',
    label: 'Lapsed',
    hint: 'Cover ended, not renewed',
    icon: IconClockX,
    color: 'orange',
  },
];

/**
 * The members summary cards, from GET /v1/member/summary. Deactivated counts only accounts the
 * gym deactivated; Lapsed counts the other accounts whose cover ended without a renewal.
 */
export function MemberStats() {
  const summary = useMemberSummary();
  return (
    <StatGrid
      cols={{ base: 2, sm: 3, lg: 5 }}
      loading={summary.isLoading}
      stats={CARDS.map(({ key, label, hint, icon, color }) => ({
        label,
        hint,
        icon,
        iconColor: color,
        ...countStat(summary.data?.[key]),
      }))}
    />
  );
}
