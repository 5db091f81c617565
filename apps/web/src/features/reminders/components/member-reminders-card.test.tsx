import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectShown, expectTexts, findRow } from '@/test/expect';
import { member } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { send } from '../test-fixtures';
import { MemberRemindersCard } from './member-reminders-card';

const SENDS = 'GET /v1/member/5/reminders';

const pageOf = <T,>(rows: T[], total = rows.length, pages = 1) =>
  ok(rows, { meta: { page: 1, per_page: 10, pages, total } });

describe('MemberRemindersCard', () => {
  it("lists the member's reminders with their date, channel and delivery status", async () => {
    signIn();
    const api = mockFetch({
      [SENDS]: () =>
        pageOf([
          send({
            id: 32,
            offset_days: -3,
            label: '3 days before',
            status: 'pending',
            channel: 'sms',
          }),
          send(),
          send({
            id: 30,
            offset_days: 3,
            label: '3 days after',
            status: 'failed',
            channel: 'email',
          }),
        ]),
    });
    renderPage(<MemberRemindersCard member={member()} />);
    expectTexts(await findRow('7 days before'), ['Sent', 'WhatsApp', '30 Nov 2026', '23 Nov 2026']);
    expectTexts(await findRow('3 days before'), ['Queued', 'SMS']);
    expectTexts(await findRow('3 days after'), ['Failed', 'E-mail']);
    expect(api.sent(SENDS)[0]!.query.get('per_page')).toBe('10');
  });

  it('says when none was sent, and when the member opted out', async () => {
    signIn();
    mockFetch({ [SENDS]: () => pageOf([]) });
    renderPage(<MemberRemindersCard member={member({ reminders_opt_out: true })} />);
    await expectShown(
      'No renewal reminder has been sent to this member yet.',
      'This member opted out: no more reminders are sent.',
    );
    expect(screen.getByRole('heading', { name: 'Renewal Reminders' })).toBeInTheDocument();
  });
});
