// Member list page and member search, each beside the bare route measured in the same run:
// under load (`connections`), and one request at a time (what one front-desk user waits).
// Also GET /v1/auth/me, the cheapest authenticated database call, as a second yardstick.
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
  const auth = () => ({ authorization: `Bearer ${pick(tokens)}` });
  const firstPages = () => ({
    method: 'GET',
    path: `/v1/member?page=${1 + Math.floor(Math.random() * 5)}&per_page=10`,
    headers: auth(),
  });
  const deepPages = () => ({
    method: 'GET',
    path: `/v1/member?page=${1 + Math.floor(Math.random() * pages)}&per_page=10`,
    headers: auth(),
  });
  const searches = () => ({
    method: 'GET',
    path: `/v1/member?page=1&per_page=10&search=${encodeURIComponent(pick(TERMS))}`,
    headers: auth(),
  });
  const run = (label, next, conns = connections) => {
    console.log(`   ${label}…`);
    return load({ url: koraUrl, connections: conns, duration, next });
  };
  const me = await run('GET /v1/auth/me', () => ({
    method: 'GET',
    path: '/v1/auth/me',
    headers: auth(),
  }));
  const list = await run('member list, first pages', firstPages);
  const deep = await run('member list, any page', deepPages);
  const search = await run('member search', searches);
  const listOne = await run('member list, one connection', firstPages, 1);
  const searchOne = await run('member search, one connection', searches, 1);
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
    row('GET /v1/auth/me', me, 'cheapest authenticated call: one indexed row'),
    row('GET /v1/member, pages 1-5', list, 'target ≥ 25 % of bare, p99 ≤ 25 ms on PostgreSQL'),
    row('GET /v1/member, any page (OFFSET up to the last)', deep, 'numbered pages: deep OFFSETs'),
    row('GET /v1/member?search=', search, 'target p95 ≤ 15 ms on PostgreSQL'),
    row('GET /v1/member, pages 1-5, 1 connection', listOne, 'one user at a time'),
    row('GET /v1/member?search=, 1 connection', searchOne, 'one user at a time'),
  ];
};
