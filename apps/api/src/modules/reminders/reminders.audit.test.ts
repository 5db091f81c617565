import { describe, expect, it } from 'vitest';
import { addDays } from '@kora/shared';
import { call } from '../../test/app';
import { auditEntriesAfter, lastAuditId } from '../../test/audit';
import { useTenants, useTestApp } from '../../test/hooks';
import { payForPeriod } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';
import { sendDueReminders } from './reminders.job';

/*
 * Renewal reminders in the audit trail: saving the settings names who changed what (before →
 * after); each reminder Kora sends on its own is an entry of the System naming the member and
 * the channel, never the text (it may carry a payment link).
 */

const t = useTestApp();
const { owner } = useTenants(t, { owner: { code: 'RMAU', name: 'Iron Paradise Gym' } });

const entriesSince = (id: number) => auditEntriesAfter(t, id);
const lastId = () => lastAuditId(t);

describe('reminders in the trail', () => {
  it('saving the settings records what changed; saving them unchanged writes nothing', async () => {
    const body = {
      enabled: true,
      reminders: [{ offset_days: -3, text: 'Hi {{first_name}}, {{days_left}} days left.' }],
    };
    const before = await lastId();
    const res = await call(t.app, 'PUT', '/v1/business/reminders', { token: owner.token, body });
    expect(res.statusCode, res.body).toBe(200);
    const [entry, ...rest] = await entriesSince(before);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      actor_kind: 'user',
      actor_user_id: owner.userId,
      action: 'reminders.settings',
      changes: { enabled: { from: false, to: true }, reminders: { to: body.reminders } },
    });
    const again = await lastId();
    await call(t.app, 'PUT', '/v1/business/reminders', { token: owner.token, body });
    expect(await entriesSince(again)).toEqual([]);
  });

  it('each reminder sent is an entry of the System naming the member, without its text', async () => {
    const expiry = '2031-03-10';
    const plan = await addPlan(t, owner.token);
    const member = await addMember(t, owner.token, { first_name: 'Kemi', last_name: 'Bello' });
    await payForPeriod(t, owner, member.id, plan, [addDays(expiry, -29), expiry]);
    const before = await lastId();
    // Three days before the last day, at 10:00 in Lagos.
    await sendDueReminders(t.app.ctx, new Date(`${addDays(expiry, -3)}T10:00:00+01:00`));
    const entries = await entriesSince(before);
    expect(entries).toEqual([
      expect.objectContaining({
        actor_kind: 'system',
        actor_user_id: null,
        action: 'message.send',
        member_id: member.id,
        record_label: `Kemi Bello (${member.member_id})`,
        detail: expect.objectContaining({ message: 'renewal reminder', offset_days: -3 }),
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain('days left');
  });
});
