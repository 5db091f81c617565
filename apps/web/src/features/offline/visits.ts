import { lagosDay } from '@kora/shared';
import { fullName } from '@/lib/format';
import type { DeskDb } from './db';
import type { DeviceVisit, QueuedAction } from './types';
import type { Who } from './who';

/** The person an action's label names: "Check-in: Ada Obi" → "Ada Obi". */
const nameInLabel = (label: string): string => {
  const at = label.indexOf(': ');
  return at < 0 ? label : label.slice(at + 2);
};

const visitState = (action: QueuedAction | undefined): DeviceVisit['state'] =>
  !action || action.state === 'done'
    ? 'synced'
    : action.state === 'attention'
      ? 'attention'
      : 'waiting';

/**
 * The visits this device recorded on `now`'s Lagos day for `who`'s business, newest first: its
 * check-ins, and the day passes sold with a check-in. A check-in whose queued action is gone
 * was sent long ago (a refused one that was discarded takes its visit with it).
 */
export const deviceVisitsOf = async (
  db: DeskDb,
  who: Who | null,
  now: Date,
): Promise<DeviceVisit[]> => {
  if (!who) return [];
  const today = lagosDay(now);
  const isToday = (iso: string) => lagosDay(new Date(iso)) === today;
  const visits = (await db.visits.toArray()).filter(
    (v) => v.business_id === who.businessId && isToday(v.visited_at),
  );
  const [actions, members, passes] = await Promise.all([
    db.queue.bulkGet(visits.map((v) => v.seq)),
    db.roster.bulkGet(visits.map((v) => v.member_id)),
    db.queue
      .filter(
        (a) =>
          a.kind === 'day_pass' &&
          a.business_id === who.businessId &&
          a.body.check_in === true &&
          isToday(a.recorded_at),
      )
      .toArray(),
  ]);
  // With the queued seq: two visits in the same millisecond keep the order they were recorded.
  const list: (DeviceVisit & { seq: number })[] = visits.map((v, i) => {
    const action = actions[i];
    const member = members[i];
    return {
      seq: v.seq,
      key: `visit-${v.id}`,
      member_code: member?.member_id ?? null,
      name: member
        ? fullName(member.first_name, member.last_name)
        : nameInLabel(action?.label ?? ''),
      picture_url: member?.picture_url ?? null,
      visited_at: v.visited_at,
      state: visitState(action),
      day_pass: false,
    };
  });
  for (const pass of passes)
    list.push({
      seq: pass.seq!,
      key: `pass-${pass.seq}`,
      member_code: null,
      name: nameInLabel(pass.label),
      picture_url: null,
      visited_at: pass.recorded_at,
      state: visitState(pass),
      day_pass: true,
    });
  return list
    .sort((a, b) => b.visited_at.localeCompare(a.visited_at) || b.seq - a.seq)
    .map(({ seq: _seq, ...visit }) => visit);
};
