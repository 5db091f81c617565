// Member list pages (10 and 100 members) and member search, each beside the bare route measured
// in the same run: under load (`connections`), and one request at a time (what one front-desk
// user waits). Also GET /v1/auth/me, the cheapest authenticated database call, as a second
// yardstick.
import { loadGet, routeRow, tokenFor } from '../lib.mjs';

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

/** The larger member page measured beside the 10-member one. */
export const LARGE_PAGE = 100;

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** The member list requests: any of the first pages, any page at all, searches. */
export const memberRequests = async (data) => {
  const tokens = await Promise.all(data.owners.map(tokenFor));
  /** A page among the first `among` pages of `perPage` members. */
  const pages = (perPage, among) => () =>
    `/v1/member?page=${1 + Math.floor(Math.random() * among)}&per_page=${perPage}`;
  return {
    auth: () => ({ authorization: `Bearer ${pick(tokens)}` }),
    firstPages: pages(10, 5),
    deepPages: pages(10, Math.floor(data.memberCount / 10)),
    largePages: pages(LARGE_PAGE, 5),
    searches: () => `/v1/member?page=1&per_page=10&search=${encodeURIComponent(pick(TERMS))}`,
  };
};

export const membersSuite = async (ctx) => {
  const { auth, firstPages, deepPages, largePages, searches } = await memberRequests(ctx.data);

  console.log('   bare route…');
  const bare = await loadGet(ctx, ctx.bareUrl, () => '/bare');
  const run = (label, path, connections) => {
    console.log(`   ${label}…`);
    return loadGet(ctx, ctx.koraUrl, path, auth, connections);
  };
  const me = await run('GET /v1/auth/me', () => '/v1/auth/me');
  const list = await run('member list, first pages', firstPages);
  const large = await run(`member list, ${LARGE_PAGE} per page`, largePages);
  const deep = await run('member list, any page', deepPages);
  const search = await run('member search', searches);
  const listOne = await run('member list, one connection', firstPages, 1);
  const largeOne = await run(`member list, ${LARGE_PAGE} per page, one connection`, largePages, 1);
  const searchOne = await run('member search, one connection', searches, 1);
  const row = (route, r, notes) => routeRow(ctx, route, r, { bare, notes });
  return [
    row('bare Fastify route', bare, 'yardstick'),
    row('GET /v1/auth/me', me, 'cheapest authenticated call: one indexed row'),
    row('GET /v1/member, pages 1-5', list, 'target ≥ 25 % of bare, p99 ≤ 25 ms on PostgreSQL'),
    row(
      `GET /v1/member, ${LARGE_PAGE} per page, pages 1-5`,
      large,
      'a larger page: answer serialisation weighs more',
    ),
    row('GET /v1/member, any page (OFFSET up to the last)', deep, 'numbered pages: deep OFFSETs'),
    row('GET /v1/member?search=', search, 'target p95 ≤ 15 ms on PostgreSQL'),
    row('GET /v1/member, pages 1-5, 1 connection', listOne, 'one user at a time'),
    row(
      `GET /v1/member, ${LARGE_PAGE} per page, pages 1-5, 1 connection`,
      largeOne,
      'one user at a time',
    ),
    row('GET /v1/member?search=, 1 connection', searchOne, 'one user at a time'),
  ];
};
