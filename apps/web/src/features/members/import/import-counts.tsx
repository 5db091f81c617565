import {
  IconCircleCheck,
  IconCircleX,
  IconPlayerSkipForward,
  IconRefresh,
} from '@tabler/icons-react';
import type { ImportCounts } from '@kora/shared';
import { StatGrid, countStat } from '@/components/stat-grid';

/** What the rows will do (a preview) or did (the result), as four cards. */
export function ImportCountCards({ counts, done }: { counts: ImportCounts; done?: boolean }) {
  return (
    <StatGrid
      cols={{ base: 2, sm: 4 }}
      loading={false}
      stats={[
        {
          label: 'New members',
          hint: done ? 'Added to your members' : 'Will be added',
          icon: IconCircleCheck,
          iconColor: 'green',
          ...countStat(counts.create),
        },
        {
          label: 'Updated',
          hint: done ? "Members updated with the file's details" : 'Members to update',
          icon: IconRefresh,
          iconColor: 'blue',
          ...countStat(counts.update),
        },
        {
          label: 'Skipped',
          hint: 'Already members, left as they are',
          icon: IconPlayerSkipForward,
          iconColor: 'orange',
          ...countStat(counts.skip),
        },
        {
          label: 'Refused',
          hint: done ? 'Rows with a problem, not imported' : 'Rows with a problem',
          icon: IconCircleX,
          iconColor: 'red',
          labelColor: counts.refuse ? 'red' : undefined,
          ...countStat(counts.refuse),
        },
      ]}
    />
  );
}
