// Member list pages (10 and 100 members) and member search, under load (`connections`) and one
// request at a time (what one front-desk user waits), plus GET /v1/auth/me, the cheapest
// authenticated database call. Each hot route is loaded on Kora, then with the same request
// generator on the yardstick (yardstick-server.mjs: the same work with the best SQL we can
// write), so its row shows Kora's share of the yardstick; every route also shows its ratio to the
// bare Fastify route, measured in the same run. Before any load, a fixed sample of requests is
// sent to both servers and their answers compared: a difference stops the run.
import { firstDifference, loadGet, routeRow, tokenFor } from '../lib.mjs';

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
    tokens,
    auth: () => ({ authorization: `Bearer ${pick(tokens)}` }),
    firstPages: pages(10, 5),
    deepPages: pages(10, Math.floor(data.memberCount / 10)),
    largePages: pages(LARGE_PAGE, 5),
    searches: () => `/v1/member?page=1&per_page=10&search=${encodeURIComponent(pick(TERMS))}`,
  };
};

/** The answer to one GET: status and parsed body. */
const getJson = async (base, path, token) => {
  const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
};

/**
 * Kora and the yardstick answer the same: for the first two businesses, GET /v1/auth/me, pages
 * 1-5 of 10 and of 100 members, the last page and one past it, and every search term (page 1,
 * and page 2 of 3 members). Throws at the first difference, with its path.
 */
const checkSameAnswers = async (ctx, tokens) => {
  const paths = [
    '/v1/auth/me',
    ...[1, 2, 3, 4, 5].map((p) => `/v1/member?page=${p}&per_page=10`),
    ...[1, 2, 3, 4, 5].map((p) => `/v1/member?page=${p}&per_page=${LARGE_PAGE}`),
    `/v1/member?page=${Math.ceil(ctx.data.memberCount / 10)}&per_page=10`,
    `/v1/member?page=${Math.ceil(ctx.data.memberCount / 10) + 1}&per_page=10`,
    ...TERMS.flatMap((t) => [
      `/v1/member?page=1&per_page=10&search=${encodeURIComponent(t)}`,
      `/v1/member?page=2&per_page=3&search=${encodeURIComponent(t)}`,
    ]),
  ];
  let compared = 0;
  for (const token of tokens.slice(0, 2)) {
    for (const path of paths) {
      const [kora, yardstick] = await Promise.all([
        getJson(ctx.koraUrl, path, token),
        getJson(ctx.yardstickUrl, path, token),
      ]);
      const diff =
        kora.status !== yardstick.status
          ? `status: ${kora.status} ≠ ${yardstick.status}`
          : firstDifference(kora.body, yardstick.body);
      if (diff) {
        throw new Error(
          `Kora and the yardstick answer GET ${path} differently (Kora ≠ yardstick), first at ${diff}`,
        );
      }
      compared++;
    }
  }
  console.log(`   answers compared: Kora and the yardstick the same for ${compared} requests`);
};

export const membersSuite = async (ctx) => {
  const { tokens, auth, firstPages, deepPages, largePages, searches } = await memberRequests(
    ctx.data,
  );
  if (ctx.yardstickUrl) await checkSameAnswers(ctx, tokens);

  console.log('   bare route…');
  const bare = await loadGet(ctx, ctx.bareUrl, () => '/bare');
  /** Kora's load, then, for a hot route, the same requests to the yardstick. */
  const run = async (label, path, connections, hot = true) => {
    console.log(`   ${label}…`);
    const kora = await loadGet(ctx, ctx.koraUrl, path, auth, connections);
    const yardstick =
      hot && ctx.yardstickUrl
        ? await loadGet(ctx, ctx.yardstickUrl, path, auth, connections)
        : undefined;
    return { kora, yardstick };
  };
  const me = await run('GET /v1/auth/me', () => '/v1/auth/me');
  const list = await run('member list, first pages', firstPages);
  const large = await run(`member list, ${LARGE_PAGE} per page`, largePages);
  const deep = await run('member list, any page', deepPages, undefined, false);
  const search = await run('member search', searches);
  const listOne = await run('member list, one connection', firstPages, 1);
  const largeOne = await run(`member list, ${LARGE_PAGE} per page, one connection`, largePages, 1);
  const searchOne = await run('member search, one connection', searches, 1);
  const meOne = await run('GET /v1/auth/me, one connection', () => '/v1/auth/me', 1);
  const deepOne = await run('member list, any page, one connection', deepPages, 1, false);
  const lastPage = `/v1/member?page=${Math.ceil(ctx.data.memberCount / 10)}&per_page=10`;
  const lastOne = await run('member list, the last page, one connection', () => lastPage, 1, false);
  const row = (route, r, notes) =>
    routeRow(ctx, route, r.kora, { bare, yardstick: r.yardstick, notes });
  return [
    routeRow(ctx, 'bare Fastify route', bare, { bare, notes: 'reference: no database, no token' }),
    row('GET /v1/auth/me', me, 'cheapest authenticated call; target Kora / yardstick ≥ 80 %'),
    row(
      'GET /v1/member, pages 1-5',
      list,
      'target Kora / yardstick ≥ 80 %, p99 ≤ 30 ms on PostgreSQL',
    ),
    row(
      `GET /v1/member, ${LARGE_PAGE} per page, pages 1-5`,
      large,
      'a larger page: answer serialisation weighs more',
    ),
    row('GET /v1/member, any page (OFFSET up to the last)', deep, 'numbered pages: deep OFFSETs'),
    row('GET /v1/member?search=', search, 'target Kora / yardstick ≥ 80 %'),
    row('GET /v1/member, pages 1-5, 1 connection', listOne, 'one user at a time'),
    row(
      `GET /v1/member, ${LARGE_PAGE} per page, pages 1-5, 1 connection`,
      largeOne,
      'one user at a time',
    ),
    row(
      'GET /v1/member?search=, 1 connection',
      searchOne,
      'one user at a time; target p95 ≤ 15 ms on PostgreSQL',
    ),
    row('GET /v1/auth/me, 1 connection', meOne, 'one user at a time'),
    row(
      'GET /v1/member, any page, 1 connection',
      deepOne,
      'one user at a time; target ≤ 50 ms for a page far into 100,000 members',
    ),
    row(
      'GET /v1/member, the last page, 1 connection',
      lastOne,
      'one user at a time: the deepest OFFSET; target ≤ 50 ms',
    ),
  ];
};
