// Check-in at the front desk: the lookup by phone (typed the local way, "0803 123 4567"), by
// member ID and by card code, and POST /v1/check-in, under load, each beside the yardstick
// (yardstick-check-in.mjs: the same work with the best SQL we can write). Before any load, both
// servers answer a fixed sample of lookups and check-ins and their answers are compared (a
// difference stops the run). After the loads, on PostgreSQL, the database is checked: no member
// has two visits less than 2 hours apart (two desks at once record one visit).
import pg from 'pg';
import { firstDifference, load, loadGet, routeRow, tokenFor } from '../lib.mjs';

/** Members of each business whose phone, ID and card the lookups use. */
const SAMPLE = 40;
/** Members per business whose answers are compared before the loads. */
const COMPARED = 8;

const pick = (list) => list[Math.floor(Math.random() * list.length)];

const getJson = async (base, path, token, init = {}) => {
  const res = await fetch(base + path, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
};

/** "+2348031234567" as a desk types it: "0803 123 4567". */
const localForm = (e164) => {
  const d = `0${e164.slice(4)}`;
  return `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`;
};

/** For each business, SAMPLE members spread over its range: id, phone, member ID, card code. */
export const sampleMembers = async (ctx, tokens) =>
  Promise.all(
    ctx.data.owners.map(async (owner, b) => {
      const span = owner.lastMemberId - owner.firstMemberId + 1;
      const count = Math.min(SAMPLE, span);
      const ids = Array.from(
        { length: count },
        (_, i) => owner.firstMemberId + Math.floor((i * span) / count),
      );
      const members = [];
      for (const id of ids) {
        const member = await getJson(ctx.koraUrl, `/v1/member/${id}`, tokens[b]);
        const card = await getJson(ctx.koraUrl, `/v1/member/${id}/card`, tokens[b]);
        if (member.status !== 200 || card.status !== 200)
          throw new Error(`sample member ${id}: ${member.status} / ${card.status}`);
        members.push({
          id,
          phone: localForm(member.body.data.mobile_number),
          memberId: member.body.data.member_id,
          card: card.body.data.card_code,
        });
      }
      return members;
    }),
  );

export const lookupPath = (q) => `/v1/check-in/lookup?q=${encodeURIComponent(q)}`;

/** The same request to both servers; throws at the first difference of their answers. */
const same = async (ctx, token, path, init, mask = (b) => b) => {
  const kora = await getJson(ctx.koraUrl, path, token, init);
  const yardstick = await getJson(ctx.yardstickUrl, path, token, init);
  const diff =
    kora.status !== yardstick.status
      ? `status: ${kora.status} ≠ ${yardstick.status} (${JSON.stringify(kora.body).slice(0, 200)})`
      : firstDifference(mask(kora.body), mask(yardstick.body));
  if (diff)
    throw new Error(
      `Kora and the yardstick answer ${init?.method ?? 'GET'} ${path} differently (Kora ≠ yardstick), first at ${diff}`,
    );
  return kora;
};

/** A new visit's answer without what differs between two members' first visits. */
const maskVisit = (body) =>
  body?.data?.visit
    ? {
        ...body,
        data: {
          ...body.data,
          visit: { ...body.data.visit, id: 0, visited_at: '', member: {} },
          verdict: {},
        },
      }
    : body;

/**
 * Lookups of COMPARED members of the first two businesses (phone, ID, its number alone, card,
 * and codes that find no one), then check-ins: Kora checks member A in and the yardstick member
 * B; both repeat each (the same earlier visit, "Already checked in at …"), and refuse a red
 * member without a reason.
 */
const checkSameAnswers = async (ctx, tokens, samples) => {
  let compared = 0;
  for (const [b, members] of samples.slice(0, 2).entries()) {
    const token = tokens[b];
    for (const m of members.slice(0, COMPARED)) {
      for (const q of [m.phone, m.memberId, m.memberId.toLowerCase(), m.card]) {
        await same(ctx, token, lookupPath(q));
        compared++;
      }
    }
    for (const q of ['abcdefghijklmnopqrstuvwxyz', '0701 000 0000', 'ZZZ-00001', '']) {
      await same(ctx, token, lookupPath(q));
      compared++;
    }
    const post = (member, reason) => ({
      method: 'POST',
      body: JSON.stringify({ member_id: member.id, found_by: 'phone', override_reason: reason }),
    });
    // A red member (no cover, or expired) without a reason: refused the same way by both.
    const lookups = await Promise.all(
      members.map((m) => getJson(ctx.koraUrl, lookupPath(m.memberId), token)),
    );
    const red = members.find((m, i) => lookups[i].body.data[0]?.verdict.tone === 'red');
    if (red) {
      await same(ctx, token, '/v1/check-in', {
        method: 'POST',
        body: JSON.stringify({ member_id: red.id }),
      });
      compared++;
    }
    // Two members the desk sees alike today (the same verdict), so that their check-ins differ
    // only in who: which members those are moves with the Lagos day (a period "ending" soon).
    const status = (i) => lookups[i].body.data[0]?.verdict.status;
    const i = members.findIndex((_, k) =>
      members.some((__, j) => j > k && status(j) === status(k)),
    );
    if (i < 0) throw new Error('No two sampled members share a verdict to compare check-ins on');
    const a = members[i];
    const bb = members.find((_, j) => j > i && status(j) === status(i));
    const first = await getJson(ctx.koraUrl, '/v1/check-in', token, post(a, 'Bench visit'));
    const second = await getJson(ctx.yardstickUrl, '/v1/check-in', token, post(bb, 'Bench visit'));
    const diff =
      first.status !== second.status
        ? `status: ${first.status} ≠ ${second.status}`
        : firstDifference(maskVisit(first.body), maskVisit(second.body));
    if (diff)
      throw new Error(`Kora's and the yardstick's first check-ins differ, first at ${diff}`);
    for (const m of [a, bb]) {
      await same(ctx, token, '/v1/check-in', post(m, 'Bench visit'));
      await same(ctx, token, lookupPath(m.memberId));
      compared += 2;
    }
    compared++;
  }
  console.log(`   answers compared: Kora and the yardstick the same for ${compared} requests`);
};

/** POST /v1/check-in for random members of random businesses (a reason: red ones get in). */
const checkInSource = (data, tokens) => () => {
  const b = Math.floor(Math.random() * data.owners.length);
  const owner = data.owners[b];
  const span = owner.lastMemberId - owner.firstMemberId + 1;
  return {
    method: 'POST',
    path: '/v1/check-in',
    headers: { authorization: `Bearer ${tokens[b]}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      member_id: owner.firstMemberId + Math.floor(Math.random() * span),
      found_by: 'member_id',
      override_reason: 'Bench visit',
    }),
  };
};

/** Members with two visits less than 2 hours apart (none may exist). */
const doubleVisits = async (databaseUrl) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from visits a join visits b
         on b.business_id = a.business_id and b.member_id = a.member_id and b.id > a.id
        and b.visited_at < a.visited_at + interval '2 hours'
        and a.visited_at < b.visited_at + interval '2 hours'`,
    );
    const total = await client.query('select count(*)::int as n from visits');
    return { doubles: rows[0].n, visits: total.rows[0].n };
  } finally {
    await client.end();
  }
};

export const checkInSuite = async (ctx) => {
  const tokens = await Promise.all(ctx.data.owners.map(tokenFor));
  const samples = await sampleMembers(ctx, tokens);
  if (ctx.yardstickUrl) await checkSameAnswers(ctx, tokens, samples);

  const auth = (b) => ({ authorization: `Bearer ${tokens[b]}` });
  /** A lookup of `field` of a random sample member, with that business's token. */
  const lookupOf = (field) => {
    let b = 0;
    return {
      path: () => {
        b = Math.floor(Math.random() * samples.length);
        return lookupPath(pick(samples[b])[field]);
      },
      headers: () => auth(b),
    };
  };
  const bare = await loadGet(ctx, ctx.bareUrl, () => '/bare');
  const run = async (label, { path, headers }, connections = ctx.connections) => {
    console.log(`   ${label}…`);
    // Path and headers are drawn together: the token of the member's own business.
    const next = () => {
      const p = path();
      return { method: 'GET', path: p, headers: headers() };
    };
    const kora = await load({ url: ctx.koraUrl, connections, duration: ctx.duration, next });
    const yardstick = ctx.yardstickUrl
      ? await load({ url: ctx.yardstickUrl, connections, duration: ctx.duration, next })
      : undefined;
    return { kora, yardstick };
  };
  const byPhone = await run('check-in lookup by phone', lookupOf('phone'));
  const byId = await run('check-in lookup by member ID', lookupOf('memberId'));
  const byCard = await run('check-in lookup by card', lookupOf('card'));
  // What one desk waits: the lookups one request at a time (the target is p95 ≤ 10 ms).
  const single =
    ctx.connections > 1
      ? [
          ['phone', 'phone', 'the desk types "0803 123 4567"'],
          ['member ID', 'memberId', 'IRON-00042'],
          ['card', 'card', 'a scanned card code'],
        ]
      : [];
  const alone = [];
  for (const [label, field, notes] of single)
    alone.push([
      label,
      notes,
      await run(`check-in lookup by ${label}, 1 connection`, lookupOf(field), 1),
    ]);
  const bareAlone = single.length
    ? await loadGet(ctx, ctx.bareUrl, () => '/bare', undefined, 1)
    : undefined;
  console.log('   POST /v1/check-in…');
  const next = checkInSource(ctx.data, tokens);
  const record = {
    kora: await load({
      url: ctx.koraUrl,
      connections: ctx.connections,
      duration: ctx.duration,
      next,
    }),
    yardstick: ctx.yardstickUrl
      ? await load({
          url: ctx.yardstickUrl,
          connections: ctx.connections,
          duration: ctx.duration,
          next,
        })
      : undefined,
  };
  let checks = 'no database check on PGlite (the server holds its folder)';
  if (ctx.databaseUrl) {
    const { doubles, visits } = await doubleVisits(ctx.databaseUrl);
    checks =
      doubles === 0
        ? `checked: ${visits} visits, none within 2 hours of another of the same member`
        : `CHECKS FAIL: ${doubles} pairs of visits of one member within 2 hours`;
    console.log(`   ${checks}`);
  }
  const row = (route, r, notes) =>
    routeRow(ctx, route, r.kora, { bare, yardstick: r.yardstick, notes });
  return [
    row('GET /v1/check-in/lookup by phone', byPhone, 'the desk types "0803 123 4567"'),
    row('GET /v1/check-in/lookup by member ID', byId, 'IRON-00042'),
    row('GET /v1/check-in/lookup by card', byCard, 'a scanned card code'),
    ...alone.map(([label, notes, r]) =>
      routeRow(ctx, `GET /v1/check-in/lookup by ${label}, 1 connection`, r.kora, {
        bare: bareAlone,
        yardstick: r.yardstick,
        notes,
      }),
    ),
    row(
      'POST /v1/check-in',
      record,
      `random members (a reason given: red ones are let in); 200 = already checked in; ${checks}`,
    ),
  ];
};
