import { describe, expect, it } from 'vitest';
import { COMMS_MESSAGES, createMessageSchema } from './communications';

describe("a message's send time", () => {
  const schema = createMessageSchema(() => new Date('2026-01-01T00:00:00Z'));
  const base = { group: 'all_members', channel: 'email', message: '<p>See you</p>' };
  const parse = (schedule_date: string, is_scheduled = true) =>
    schema.safeParse({ ...base, is_scheduled, schedule_date });
  /** False when the time is refused as not a date and time (it may still be too soon or far). */
  const readable = (value: string) =>
    !(parse(value).error?.issues ?? []).some((i) => i.message === COMMS_MESSAGES.scheduleInvalid);

  it('reads a Lagos time, with or without seconds, or an instant with its offset', () => {
    for (const value of [
      '2026-02-28T10:00',
      '2028-02-29T10:00',
      '2000-02-29T10:00',
      '2026-03-01T10:00:30',
      '2026-03-01T10:00:30.5Z',
      '2026-03-01T10:00+01:00',
      '2026-12-31T23:59',
    ])
      expect(readable(value), value).toBe(true);
    expect(parse('2026-01-10T10:00').data?.schedule_at?.toISOString()).toBe(
      '2026-01-10T09:00:00.000Z',
    );
    expect(parse('2026-01-10T10:00:00Z').data?.schedule_at?.toISOString()).toBe(
      '2026-01-10T10:00:00.000Z',
    );
  });

  it('refuses a day that does not exist, an hour past 23 and shapes it does not read', () => {
    for (const value of [
      '2026-02-29T10:00',
      '2100-02-29T10:00',
      '2026-02-30T10:00',
      '2026-04-31T10:00',
      '2026-03-01T24:00',
      '2026-03-01T10:00.5',
      '2026-03-01T10:00+25:00',
      '2026-3-1T10:00',
      'next week',
    ])
      expect(readable(value), value).toBe(false);
  });

  it('refuses a send time that is not one even for a message sent now; blank is none', () => {
    expect(parse('next week', false).success).toBe(false);
    expect(parse('', false).success).toBe(true);
    expect(parse('', false).data?.schedule_at).toBeNull();
    expect(parse('2026-01-10T10:00', false).data?.schedule_at).toBeNull();
  });
});
