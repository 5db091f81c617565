import { desc, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { Dispatcher } from '../jobs/dispatcher';
import { call } from '../test/app';
import { useTenants, useTestApp } from '../test/hooks';
import { addMember } from '../test/tenants';
import { SECRET_MINUTES, SECRET_REMOVED } from './outbox';
import type { Transport } from './transports';

/*
 * A member's sign-in code is kept in the outbox only while it may still be delivered: replaced
 * once a provider took it, once it failed, or once its minutes are over (stored, or still
 * waiting); never in an export. The gym's owner cannot read a member's code anywhere.
 */

const t = useTestApp();
const { owner } = useTenants(t, { owner: { code: 'SECR', name: 'Secret Gym' } });

let ips = 0;
const askCode = async (identifier: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/portal/${owner.code}/sign-in/code`,
    payload: { identifier },
    remoteAddress: `10.88.0.${++ips}`,
  });
  expect(res.statusCode, res.body).toBe(202);
  const [row] = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, identifier))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row!;
};

const rowOf = async (id: number) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

const codeIn = (text: string) => /^(\d{6}) is your /.exec(text)?.[1];

/** A provider that takes every message (as Termii or SMTP would): the rows become `sent`. */
const provider: Transport = { result: 'sent', send: async () => ({ providerId: 'p-1' }) };
const providerDispatcher = () =>
  new Dispatcher(t.db, { email: provider, sms: provider, whatsapp: provider }, t.app.log);

const messagesCsv = async (memberId: number) => {
  const res = await call(t.app, 'GET', `/v1/member/${memberId}/export`, { token: owner.token });
  expect(res.statusCode).toBe(200);
  return strFromU8(unzipSync(new Uint8Array(res.rawPayload))['messages.csv']!);
};

describe('sign-in codes in the outbox', () => {
  it('are never exported, and replaced once a provider delivered them', async () => {
    const m = await addMember(t, owner.token, {
      mobile_number: '08037770001',
      email_address: 'secret.one@example.com',
    });
    const row = await askCode('+2348037770001');
    const code = codeIn(row.text)!;
    expect(code).toMatch(/^\d{6}$/);
    expect(row).toMatchObject({ secret: true, status: 'pending', memberId: m.id });
    // The card message beside it is no secret.
    await call(t.app, 'POST', `/v1/member/${m.id}/card/send`, {
      token: owner.token,
      body: { channel: 'sms' },
    });

    // Waiting: the member's data export (messages.csv) does not show it.
    const waiting = await messagesCsv(m.id);
    expect(waiting).toContain(SECRET_REMOVED);
    expect(waiting).not.toContain(code);
    expect(waiting).toContain('member card');

    await providerDispatcher().flush();
    const sent = await rowOf(row.id);
    expect(sent).toMatchObject({
      status: 'sent',
      text: SECRET_REMOVED,
      html: null,
      secret: false,
    });
    const after = await messagesCsv(m.id);
    expect(after).not.toContain(code);
    expect(after).toContain('member card');
  });

  it('stored (no provider): readable at /dev/outbox while the code is good, never exported, then replaced', async () => {
    const m = await addMember(t, owner.token, {
      mobile_number: '08037770002',
      email_address: 'secret.two@example.com',
    });
    const row = await askCode('secret.two@example.com');
    const code = codeIn(row.text)!;
    expect(row.html).toContain(code);
    await t.app.ctx.dispatcher.flush();
    expect(await rowOf(row.id)).toMatchObject({ status: 'stored', secret: true });
    const dev = await call(t.app, 'GET', '/dev/outbox');
    expect(dev.body).toContain(code);
    expect(await messagesCsv(m.id)).not.toContain(code);

    // Past the code's minutes, the next pass replaces it.
    await t.db
      .update(outbox)
      .set({ createdAt: sql`now() - make_interval(mins => ${SECRET_MINUTES + 1})` })
      .where(eq(outbox.id, row.id));
    await t.app.ctx.dispatcher.flush();
    expect(await rowOf(row.id)).toMatchObject({
      status: 'stored',
      text: SECRET_REMOVED,
      html: null,
      secret: false,
    });
    expect((await call(t.app, 'GET', '/dev/outbox')).body).not.toContain(code);
  });

  it('one still waiting when its minutes are over is cancelled (its code has expired) and replaced', async () => {
    await addMember(t, owner.token, { mobile_number: '08037770003' });
    const row = await askCode('+2348037770003');
    await t.db
      .update(outbox)
      .set({
        createdAt: sql`now() - make_interval(mins => ${SECRET_MINUTES + 1})`,
        nextAttemptAt: sql`now() + interval '1 hour'`,
      })
      .where(eq(outbox.id, row.id));
    await t.app.ctx.dispatcher.flush();
    expect(await rowOf(row.id)).toMatchObject({
      status: 'cancelled',
      text: SECRET_REMOVED,
      secret: false,
    });
  });
});
