import { describe, expect, it } from 'vitest';
import type { Activity } from '@kora/shared';
import { activityText } from './activity-text';
import {
  compactNaira,
  endsIn,
  monthLabel,
  planNameLines,
  monthName,
  retentionHint,
  revenueChange,
  sameDaysLastMonth,
  timeAgo,
} from './dashboard-format';

describe('the dashboard figures in words', () => {
  it.each([
    ['2026-11-23', '1–23 Oct'],
    ['2026-03-31', '1–28 Feb'],
    ['2026-11-01', '1 Oct'],
    ['2026-01-15', '1–15 Dec'],
  ])('on %s the revenue is compared with %s of last month', (today, days) => {
    expect(sameDaysLastMonth(today)).toBe(days);
  });

  it.each([
    [12.5, { text: '+12.5% vs 1–23 Oct', trend: 'up' }],
    [-8.3, { text: '-8.3% vs 1–23 Oct', trend: 'down' }],
    [0, { text: '0% vs 1–23 Oct', trend: 'flat' }],
    [null, { text: 'No payments in the same days last month', trend: null }],
  ])('a change of %s percent reads %j', (change, expected) => {
    expect(revenueChange({ revenue_change_percent: change }, '2026-11-23')).toEqual(expected);
  });

  it('says what the retention rate is of, one member or many', () => {
    const rate = (ended: number, renewed: number) =>
      retentionHint({ retention_rate: 50, retention_ended: ended, retention_renewed: renewed }, 90);
    expect(rate(1, 1)).toBe('Of 1 member whose subscription ended in the last 90 days, 1 renewed');
    expect(rate(1200, 990)).toBe(
      'Of 1,200 members whose subscription ended in the last 90 days, 990 renewed',
    );
    expect(
      retentionHint({ retention_rate: null, retention_ended: 0, retention_renewed: 0 }, 90),
    ).toBe('No subscription ended in the last 90 days');
  });

  it('writes months with their whole year ("Dec 2025", never "Dec 25"), money for the axes short', () => {
    expect(monthLabel('2025-12')).toBe('Dec 2025');
    expect(monthLabel('2025-09')).toBe('Sep 2025');
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthName('2025-09')).toBe('September 2025');
    expect([950, 45_000, 450_000, 1_234_567].map(compactNaira)).toEqual([
      '₦950',
      '₦45K',
      '₦450K',
      '₦1.2M',
    ]);
  });

  it('puts a plan name on up to two lines of whole words, "…" only past them', () => {
    expect(planNameLines('Monthly')).toEqual(['Monthly']);
    expect(planNameLines('Family Monthly Premium')).toEqual(['Family Monthly', 'Premium']);
    expect(planNameLines('Student Off-Peak Weekday Plan')).toEqual(['Student', 'Off-Peak Week…']);
    expect(planNameLines('Supercalifragilistic')).toEqual(['Supercalifrag…']);
  });

  it.each([
    [0, 'Ends today'],
    [1, 'Ends tomorrow'],
    [3, 'Ends in 3 days'],
  ])('%s days left: %s', (days, text) => expect(endsIn(days)).toBe(text));

  it.each([
    ['2026-11-23T00:29:40Z', 'Just now'],
    ['2026-11-23T00:05:00Z', '25 min ago'],
    // 00:10 in Lagos: today, an hour and 20 minutes before 01:30.
    ['2026-11-22T23:10:00Z', '1 hr ago'],
    // 23:30 in Lagos the day before: yesterday, though only two hours ago.
    ['2026-11-22T22:30:00Z', 'Yesterday'],
    ['2026-11-20T09:00:00Z', '20 Nov 2026'],
  ])('at 01:30 in Lagos on 23 Nov, %s was "%s"', (at, text) => {
    expect(timeAgo(at, new Date('2026-11-23T00:30:00Z'))).toBe(text);
  });
});

describe('recent activity lines', () => {
  const at = '2026-11-23T10:00:00Z';
  const team = (event: string, role: string | null, by: string | null) =>
    ({ kind: 'team', at, id: 1, event, name: 'Bola Ade', role, by }) as Activity;

  it.each([
    ['Bola Ade was invited as staff by Tunde', team('invited', 'staff', 'Tunde')],
    ['Bola Ade was invited as admin', team('invited', 'admin', null)],
    ['Bola Ade joined the team', team('joined', 'staff', null)],
    ['Bola Ade is now admin', team('role_changed', 'admin', null)],
    ['Tunde made Bola Ade admin', team('role_changed', 'admin', 'Tunde')],
    ['Bola Ade was removed', team('removed', null, null)],
    ['Bola Ade was removed by Tunde', team('removed', 'staff', 'Tunde')],
    ['Invitation to Bola Ade revoked', team('invitation_revoked', 'staff', null)],
    [
      'WhatsApp to Expired Members · Scheduled · 1 recipient',
      {
        kind: 'message',
        at,
        id: 4,
        channel: 'whatsapp',
        group: 'expired_members',
        status: 'SCHEDULED',
        recipients: 1,
      },
    ],
    [
      'Ada Nwosu paid ₦1,250,000.5 · Annual · Card',
      {
        kind: 'payment',
        at,
        id: 5,
        member: { id: 3, name: 'Ada Nwosu' },
        amount: 1250000.5,
        plan_name: 'Annual',
        method: 'Card',
      },
    ],
  ] as [string, Activity][])('%s', (text, activity) => {
    expect(activityText(activity)).toBe(text);
  });
});
