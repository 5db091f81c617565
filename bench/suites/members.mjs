// Member list page and member search, each beside the bare route measured in the same run.
import { fmtMs, load, tokenFor } from '../lib.mjs';

const TERMS = [
  'ada',
  'okafor',
  'chidi eze',
  'ngozi',
  'bello',
  'member12',
  'b001-0004',
  '0803',
  '+2348030',
  'zainab',
  'xyzzy-none',
];

export const membersSuite = async ({ target, data, connections, duration, koraUrl, bareUrl }) => {
  const tokens = await Promise.all(data.owners.map(tokenFor));
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const pages = Math.floor(data.memberCount / 10);
  const label = `${data.businessCount} × ${data.memberCount.toLocaleString('en')}`;

  console.log('   bare route…');
  const bare = await load({
    url: bareUrl,
    connections,
    duration,
    next: () => ({ method: 'GET', path: '/bare' }),
  });
  console.log('   member list page…');
  const list = await load({
    url: koraUrl,
    connections,
    duration,
    next: () => ({
      method: 'GET',
      // Mostly the first pages (what the front desk opens), now and then a deep one.
      path: `/v1/member?page=${Math.random() < 0.9 ? 1 + Math.floor(Math.random() * 5) : 1 + Math.floor(Math.random() * pages)}&per_page=10`,
      headers: { authorization: `Bearer ${pick(tokens)}` },
    }),
  });
  console.log('   member search…');
  const search = await load({
    url: koraUrl,
    connections,
    duration,
    next: () => ({
      method: 'GET',
      path: `/v1/member?page=1&per_page=10&search=${encodeURIComponent(pick(TERMS))}`,
      headers: { authorization: `Bearer ${pick(tokens)}` },
    }),
  });
  const row = (route, r, notes) => ({
    target,
    data: label,
    route,
    rps: r.rps,
    ratio: `${((r.rps / bare.rps) * 100).toFixed(1)} %`,
    p50: fmtMs(r.p50),
    p95: fmtMs(r.p95),
    p99: fmtMs(r.p99),
    notes: [
      notes,
      Object.entries(r.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' '),
    ]
      .filter(Boolean)
      .join('; '),
  });
  return [
    row('bare Fastify route', bare, 'yardstick'),
    row('GET /v1/member (list page)', list, 'target ≥ 25 % of bare, p99 ≤ 25 ms on PostgreSQL'),
    row('GET /v1/member?search=', search, 'target p95 ≤ 15 ms on PostgreSQL'),
  ];
};
