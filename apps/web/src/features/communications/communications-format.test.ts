import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import {
  audienceText,
  htmlText,
  isDue,
  lagosDateTimeLocal,
  messagePreview,
  safeMessageHtml,
  scheduleMin,
  scheduledLabel,
  skippedText,
} from './communications-format';
import { toCreateInput } from './message-form';

describe('communications format', () => {
  it("a message's text: paragraphs and line breaks as spaces, entities read", () => {
    expect(htmlText('<p>Hello&nbsp;<b>Ada</b></p><p>See you<br>soon &amp; well</p>')).toBe(
      'Hello Ada See you soon & well',
    );
    expect(htmlText('<p></p>')).toBe('');
  });

  it('the preview: 50 characters, then …', () => {
    const fifty = 'a'.repeat(50);
    expect(messagePreview(`<p>${fifty}</p>`)).toBe(fifty);
    expect(messagePreview(`<p>${fifty}b</p>`)).toBe(`${fifty}…`);
  });

  it('the Scheduled column', () => {
    const at = '2026-12-01T08:00:00.000Z';
    expect(scheduledLabel({ is_scheduled: true, schedule_date: at })).toBe(formatDateTime(at));
    expect(scheduledLabel({ is_scheduled: true, schedule_date: null })).toBe('Yes');
    expect(scheduledLabel({ is_scheduled: false, schedule_date: null })).toBe('No');
  });

  it('Lagos datetime-local values and the earliest schedule', () => {
    expect(lagosDateTimeLocal(new Date('2026-11-20T23:30:00Z'))).toBe('2026-11-21T00:30');
    expect(scheduleMin(new Date('2026-11-20T09:00:00Z'))).toBe('2026-11-20T10:05');
  });

  it('a scheduled message is due once its time has passed', () => {
    const now = Date.parse('2026-11-20T09:00:00Z');
    const m = { status: 'SCHEDULED' as const, schedule_date: '2026-11-20T08:59:00Z' };
    expect(isDue(m, now)).toBe(true);
    expect(isDue({ ...m, schedule_date: '2026-11-20T09:01:00Z' }, now)).toBe(false);
    expect(isDue({ ...m, status: 'SENT' }, now)).toBe(false);
  });

  it('the audience texts', () => {
    expect(audienceText(1)).toBe('This message will go to 1 member');
    expect(audienceText(1200)).toBe('This message will go to 1,200 members');
    expect(skippedText(2, 'email')).toBe('2 without an e-mail address will be skipped');
    expect(skippedText(2, 'whatsapp')).toBe('2 without a phone number will be skipped');
  });

  it('shows only the allowed tags and styles', () => {
    expect(
      safeMessageHtml(
        '<p style="text-align:right;color:red" onclick="x()">A <a href="javascript:alert(1)">b</a> <a href="https://kora.ng">c</a></p><iframe src="x"></iframe><div><em>d</em></div>',
      ),
    ).toBe(
      '<p style="text-align: right">A <a>b</a> <a href="https://kora.ng" target="_blank" rel="noopener noreferrer">c</a></p><em>d</em>',
    );
  });

  it('create sends the date only when the message is scheduled', () => {
    const values = {
      group: 'all_members' as const,
      channel: 'sms' as const,
      purpose: 'service' as const,
      message: '<p>Hi</p>',
      is_scheduled: false,
      schedule_date: '2026-12-01T09:00',
    };
    expect(toCreateInput(values)).toEqual({
      group: 'all_members',
      channel: 'sms',
      purpose: 'service',
      message: '<p>Hi</p>',
      is_scheduled: false,
    });
    expect(toCreateInput({ ...values, is_scheduled: true })).toMatchObject({
      is_scheduled: true,
      schedule_date: '2026-12-01T09:00',
    });
  });
});
