import type { CashUp, CashUpExpected, CashUpWeek } from '@kora/shared';

/** Chidi's drawer: three cash payments and a refund since his cash-up of yesterday evening. */
export const expected = (overrides: Partial<CashUpExpected> = {}): CashUpExpected => ({
  expected: 70000,
  since: '2026-11-26T18:00:00.000Z',
  cash_payments: 3,
  cash_payments_total: 75000,
  cash_refunds: 1,
  cash_refunds_total: 5000,
  ...overrides,
});

/** Chidi's cash-up ₦500 short. */
export const cashUp = (overrides: Partial<CashUp> = {}): CashUp => ({
  id: 41,
  user_id: 12,
  user_name: 'Chidi Okeke',
  expected: 70000,
  counted: 69500,
  difference: -500,
  note: 'One ₦500 note missing',
  since: '2026-11-26T18:00:00.000Z',
  created_at: '2026-11-27T18:05:00.000Z',
  lagos_day: '2026-11-27',
  ...overrides,
});

const empty = (day: string) => ({ day, expected: 0, counted: 0, difference: 0, count: 0 });

/** The week of Monday 23 Nov 2026: Chidi short on Tuesday, balanced on Friday. */
export const week = (): CashUpWeek => ({
  start: '2026-11-23',
  days: [
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '2026-11-27',
    '2026-11-28',
    '2026-11-29',
  ],
  people: [
    {
      user_id: 12,
      name: 'Chidi Okeke',
      days: [
        empty('2026-11-23'),
        { day: '2026-11-24', expected: 40000, counted: 39500, difference: -500, count: 1 },
        empty('2026-11-25'),
        empty('2026-11-26'),
        { day: '2026-11-27', expected: 30000, counted: 30000, difference: 0, count: 2 },
        empty('2026-11-28'),
        empty('2026-11-29'),
      ],
    },
  ],
});
