import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PORTAL_MESSAGES } from '@kora/shared';
import { memberSessions, memberSignInCodes, members, outbox } from '../../db/schema';
import { call, json } from '../../test/app';
import { statementsOf } from '../../test/statements';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember } from '../../test/tenants';
import { PORTAL_CHECK_RATE_LIMIT, PORTAL_CODE_RATE_LIMIT } from './portal.sign-in';

const t = useTestApp();
const tenants = useTenants(t, { owner: { name: 'Iron Temple' }, other: { name: 'Bronze Gym' } });

let ipCounter = 0;
/** Each request from an address of its own unless told: the limits are tested on purpose only. */
const freshIp = () => `10.30.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const askCode = (code: string, identifier: unknown, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/portal/${code}/sign-in/code`,
    payload: { identifier } as object,
    remoteAddress: ip,
  });

const verify = (code: string, identifier: string, given: string, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/portal/${code}/sign-in/verify`,
    payload: { identifier, code: given },
    headers: { 'user-agent': 'Tecno Spark' },
    remoteAddress: ip,
  });

/** The code of the latest message to `to` (the outbox keeps what was sent). */
const codeSentTo = async (to: string) => {
  const [row] = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row ? /^(\d{6}) is your /.exec(row.text)![1]! : undefined;
};

let ada: { id: number; mobile_number: string; email_address: string; member_id: string };
let n = 0;
const freshMember = async (overrides: Record<string, unknown> = {}) =>
  addMember(t, tenants.owner.token, {
    first_name: 'Ada',
    last_name: 'Obi',
    mobile_number: `0805${String(3000000 + ++n).padStart(7, '0')}`,
    email_address: `ada.${n}@example.com`,
    ...overrides,
  });

beforeAll(async () => {
  ada = await freshMember();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('asking for a code', () => {
  it('answers a member, a non-member and an unknown address alike, and sends only to the member', async () => {
    const before = await t.db.select().from(outbox);
    const asMember = await askCode(tenants.owner.code, '0805 ' + ada.mobile_number.slice(7));
    // The same phone in another form, and an e-mail, of nobody at this gym.
    const asOtherGymMember = await askCode(tenants.other.code, ada.email_address);
    const asNobody = await askCode(tenants.owner.code, 'nobody.at.all@example.com');
    const asUnknownPhone = await askCode(tenants.owner.code, '+234 809 999 0000');
    for (const res of [asMember, asOtherGymMember, asNobody, asUnknownPhone])
      expect(res.statusCode, res.body).toBe(202);
    expect(json(asMember)).toEqual({
      message: 'If you are a member of Iron Temple, we sent you a code.',
      data: null,
    });
    expect(asNobody.body).toBe(asMember.body);
    expect(asUnknownPhone.body).toBe(asMember.body);
    expect(json(asOtherGymMember).message).toBe(
      'If you are a member of Bronze Gym, we sent you a code.',
    );
    const after = await t.db.select().from(outbox);
    const sent = after.filter((m) => !before.some((b) => b.id === m.id));
    expect(sent.map((m) => [m.channel, m.to])).toEqual([['whatsapp', ada.mobile_number]]);
    expect(sent[0]!.text).toMatch(
      /^\d{6} is your Iron Temple sign-in code\. It expires in 10 minutes\.$/,
    );
    // Nothing is stored for an address of nobody; the member's code is stored hashed only.
    const codes = await t.db.select().from(memberSignInCodes);
    expect(codes).toHaveLength(1);
    expect(codes[0]!.memberId).toBe(ada.id);
    const code = await codeSentTo(ada.mobile_number);
    expect(JSON.stringify(codes)).not.toContain(code);
  });

  it('sends an e-mail to an e-mail address', async () => {
    const res = await askCode(tenants.owner.code, ada.email_address.toUpperCase());
    expect(res.statusCode).toBe(202);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, ada.email_address))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your Iron Temple code' });
    expect(mail!.html).toContain('Iron Temple');
  });

  it('answers 404 "Gym not found" for a code of no gym, and 400 for what is no address', async () => {
    const none = await askCode('NOSUCH1', ada.email_address);
    expect(none.statusCode).toBe(404);
    expect(json(none).message).toBe('Gym not found');
    for (const bad of ['', 'hello', '12345', '\u0000', 'x'.repeat(100_000)]) {
      const res = await askCode(tenants.owner.code, bad);
      expect(res.statusCode, JSON.stringify(bad.slice(0, 10))).toBe(400);
    }
  });

  it('answers 429 with Retry-After past 5 codes an hour for one address', async () => {
    const member = await freshMember();
    for (let i = 0; i < PORTAL_CODE_RATE_LIMIT.perEmail; i++)
      expect((await askCode(tenants.owner.code, member.mobile_number)).statusCode).toBe(202);
    const res = await askCode(tenants.owner.code, member.mobile_number);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // An address of nobody is limited alike (no difference to read from the limit either).
    const nobody = '08098887777';
    for (let i = 0; i < PORTAL_CODE_RATE_LIMIT.perEmail; i++)
      expect((await askCode(tenants.owner.code, nobody)).statusCode).toBe(202);
    expect((await askCode(tenants.owner.code, nobody)).statusCode).toBe(429);
  });

  it('answers 429 with Retry-After past 20 codes an hour from one IP address', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < PORTAL_CODE_RATE_LIMIT.perIp; i++)
      expect((await askCode(tenants.owner.code, `nobody.${i}@example.com`, ip)).statusCode).toBe(
        202,
      );
    const res = await askCode(tenants.owner.code, 'one.more@example.com', ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('signing in with the code', () => {
  it('signs the member in once, with a session of 30 days', async () => {
    const member = await freshMember({ first_name: 'Bola' });
    await askCode(tenants.owner.code, member.mobile_number);
    const code = (await codeSentTo(member.mobile_number))!;
    const res = await verify(tenants.owner.code.toLowerCase(), member.mobile_number, code);
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    expect(data.member).toEqual({ first_name: 'Bola', member_id: member.member_id });
    const days = (Date.parse(data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    const sessions = await t.db
      .select()
      .from(memberSessions)
      .where(eq(memberSessions.memberId, member.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.userAgent).toBe('Tecno Spark');
    // Used once.
    const again = await verify(tenants.owner.code, member.mobile_number, code);
    expect(again.statusCode).toBe(422);
    expect(json(again).message).toBe(PORTAL_MESSAGES.codeRefused);
    // The token opens the member's page.
    const me = await call(t.app, 'GET', `/v1/portal/${tenants.owner.code}/me`, {
      token: data.token,
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(json(me).data.member.first_name).toBe('Bola');
  });

  it('refuses a wrong code, and the 6th try fails even with the right code', async () => {
    const member = await freshMember();
    await askCode(tenants.owner.code, member.email_address);
    const code = (await codeSentTo(member.email_address))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verify(tenants.owner.code, member.email_address, wrong);
      expect(res.statusCode).toBe(422);
      expect(json(res).message).toBe(
        'That code is not right or has expired. Check the latest message or ask for a new one.',
      );
    }
    const right = await verify(tenants.owner.code, member.email_address, code);
    expect(right.statusCode).toBe(422);
    expect(json(right).message).toBe(PORTAL_MESSAGES.codeRefused);
    expect(
      await t.db.select().from(memberSessions).where(eq(memberSessions.memberId, member.id)),
    ).toEqual([]);
  });

  it('refuses a code after its 10 minutes', async () => {
    const member = await freshMember();
    await askCode(tenants.owner.code, member.mobile_number);
    const code = (await codeSentTo(member.mobile_number))!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    const res = await verify(tenants.owner.code, member.mobile_number, code);
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe(PORTAL_MESSAGES.codeRefused);
  });

  it('takes only the latest code, and only at the gym it was sent for', async () => {
    const member = await freshMember();
    await askCode(tenants.owner.code, member.mobile_number);
    const first = (await codeSentTo(member.mobile_number))!;
    await askCode(tenants.owner.code, member.mobile_number);
    const latest = (await codeSentTo(member.mobile_number))!;
    if (first !== latest) {
      const old = await verify(tenants.owner.code, member.mobile_number, first);
      expect(old.statusCode).toBe(422);
    }
    const elsewhere = await verify(tenants.other.code, member.mobile_number, latest);
    expect(elsewhere.statusCode).toBe(422);
    expect(json(elsewhere).message).toBe(PORTAL_MESSAGES.codeRefused);
    expect((await verify(tenants.owner.code, member.mobile_number, latest)).statusCode).toBe(200);
  });

  it('refuses a member deactivated after the code was sent', async () => {
    const member = await freshMember();
    await askCode(tenants.owner.code, member.mobile_number);
    const code = (await codeSentTo(member.mobile_number))!;
    await t.db
      .update(members)
      .set({ isActive: false })
      .where(and(eq(members.id, member.id)));
    const res = await verify(tenants.owner.code, member.mobile_number, code);
    expect(res.statusCode).toBe(422);
  });

  it('answers a code for an address of nobody like a wrong code', async () => {
    const res = await verify(tenants.owner.code, '08091112222', '123456');
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe(PORTAL_MESSAGES.codeRefused);
  });
});

describe('a refused code tells no one who is a member', () => {
  /** A code that is not `code`. */
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
  /** The `i`th of many codes that are not `code`. */
  const wrongCode = (i: number, code: string) => {
    const guess = String(100_000 + i);
    return guess === code ? '999999' : guess;
  };

  it('answers a wrong, a used, an expired code and an address of nobody alike, after the same database work', async () => {
    // A member with a live code, who types a wrong one.
    const live = await freshMember();
    await askCode(tenants.owner.code, live.mobile_number);
    const liveCode = (await codeSentTo(live.mobile_number))!;
    // A member whose last code was used.
    const used = await freshMember();
    await askCode(tenants.owner.code, used.mobile_number);
    const usedCode = (await codeSentTo(used.mobile_number))!;
    expect((await verify(tenants.owner.code, used.mobile_number, usedCode)).statusCode).toBe(200);
    // A member whose code has expired.
    const late = await freshMember();
    await askCode(tenants.owner.code, late.mobile_number);
    const lateCode = (await codeSentTo(late.mobile_number))!;
    await t.db
      .update(memberSignInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberSignInCodes.memberId, late.id));

    // A member to whom no code was sent.
    const none = await freshMember();

    const tries = {
      wrong: () => verify(tenants.owner.code, live.mobile_number, otherThan(liveCode)),
      used: () => verify(tenants.owner.code, used.mobile_number, usedCode),
      expired: () => verify(tenants.owner.code, late.mobile_number, lateCode),
      nobody: () => verify(tenants.owner.code, '08097770001', liveCode),
      noCodeSent: () => verify(tenants.owner.code, none.mobile_number, liveCode),
    };
    const answers: Record<string, { status: number; body: string; statements: string[] }> = {};
    for (const [name, attempt] of Object.entries(tries)) {
      const { result: res, statements } = await statementsOf(t.db, attempt);
      answers[name] = { status: res.statusCode, body: res.body, statements };
    }
    const [first, ...rest] = Object.values(answers);
    expect(first!.status).toBe(422);
    expect(JSON.parse(first!.body)).toEqual({
      message: PORTAL_MESSAGES.codeRefused,
      code: 'CODE_REFUSED',
      errors: { code: PORTAL_MESSAGES.codeRefused },
    });
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBe(first!.status);
      expect(answer.body, name).toBe(first!.body);
      // The same statements, in the same order: no case does more (or less) work.
      expect(answer.statements, name).toEqual(first!.statements);
    }
    expect(rest.length).toBe(4);
    // One statement touches the codes: the one that counts the try.
    expect(first!.statements.filter((q) => q.includes('member_sign_in_codes'))).toHaveLength(1);
  });

  it('compares at most 5 of 80 guesses made at once', async () => {
    const member = await freshMember();
    await askCode(tenants.owner.code, member.mobile_number);
    const code = (await codeSentTo(member.mobile_number))!;
    const guesses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        verify(tenants.owner.code, member.mobile_number, wrongCode(i, code)),
      ),
    );
    // Refused, or past the limit of codes checked for the address: never a sign-in.
    for (const res of guesses) expect([422, 429]).toContain(res.statusCode);
    const [row] = await t.db
      .select()
      .from(memberSignInCodes)
      .where(eq(memberSignInCodes.memberId, member.id));
    // Each compared guess was counted first: exactly 5 were compared.
    expect(row!.attempts).toBe(5);
    expect(row!.usedAt).toBeNull();
  });

  it('answers 429 with Retry-After past the codes checked an hour for one address, wherever from', async () => {
    const member = await freshMember();
    await askCode(tenants.owner.code, member.mobile_number);
    const code = (await codeSentTo(member.mobile_number))!;
    for (let i = 0; i < PORTAL_CHECK_RATE_LIMIT.perEmail; i++)
      expect(
        (await verify(tenants.owner.code, member.mobile_number, otherThan(code))).statusCode,
      ).toBe(422);
    const res = await verify(tenants.owner.code, member.mobile_number, code);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // An address of nobody is limited alike.
    for (let i = 0; i < PORTAL_CHECK_RATE_LIMIT.perEmail; i++)
      expect((await verify(tenants.owner.code, '08097770002', '123456')).statusCode).toBe(422);
    expect((await verify(tenants.owner.code, '08097770002', '123456')).statusCode).toBe(429);
    // The same address at another gym has its own count.
    expect((await verify(tenants.other.code, '08097770002', '123456')).statusCode).toBe(422);
  });

  it('answers 429 past the codes checked an hour from one IP address', async () => {
    const ip = '10.98.0.1';
    for (let i = 0; i < PORTAL_CHECK_RATE_LIMIT.perIp; i++)
      expect(
        (await verify(tenants.owner.code, `nobody.check.${i}@example.com`, '123456', ip))
          .statusCode,
      ).toBe(422);
    const res = await verify(tenants.owner.code, 'one.more.check@example.com', '123456', ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('codes asked at one gym', () => {
  it("do not lock a person out of another gym's page", async () => {
    const phone = '08097770003';
    for (let i = 0; i < PORTAL_CODE_RATE_LIMIT.perEmail; i++)
      expect((await askCode(tenants.owner.code, phone)).statusCode).toBe(202);
    expect((await askCode(tenants.owner.code, phone)).statusCode).toBe(429);
    expect((await askCode(tenants.other.code, phone)).statusCode).toBe(202);
  });
});
