import {
  IconCircleCheck,
  IconCircleX,
  IconPlayerSkipForward,
  IconRefresh,
} from '@tabler/icons-react';
import type { ImportCounts } from '@kora/shared';
import { StatGrid, countStat } from '@/components/stat-grid';

/** The four cards, one a count. */
const CARDS = [
  { count: 'create', label: 'New members', icon: IconCircleCheck, iconColor: 'green' },
  { count: 'update', label: 'Updated', icon: IconRefresh, iconColor: 'blue' },
  { count: 'skip', label: 'Skipped', icon: IconPlayerSkipForward, iconColor: 'orange' },
  { count: 'refuse', label: 'Refused', icon: IconCircleX, iconColor: 'red' },
] as const;

/** Each card's hint before the import (a preview) and after it. */
const HINTS: Record<keyof ImportCounts, { preview: string; done: string }> = {
  create: { preview: 'Will be added', done: 'Added to your members' },
  update: { preview: 'Members to update', done: "Members updated with the file's details" },
  skip: { preview: 'Already members, left as they are', done: 'Already members, left as they are' },
  refuse: { preview: 'Rows with a problem', done: 'Rows with a problem, not imported' },
};

/** What the rows will do (a preview) or did (the result), as four cards; refused rows in red. */
export function ImportCountCards({ counts, done }: { counts: ImportCounts; done?: boolean }) {
  return (
    <StatGrid
      cols={{ base: 2, sm: 4 }}
      loading={false}
      stats={CARDS.map(({ count, ...card }) => ({
        ...card,
        hint: HINTS[count][done ? 'done' : 'preview'],
        labelColor: count === 'refuse' && counts.refuse ? 'red' : undefined,
        ...countStat(counts[count]),
      }))}
    />
  );
}
