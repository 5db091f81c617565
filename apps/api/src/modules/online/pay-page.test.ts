import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINK_STATES, type PayPage } from '@kora/shared';
import { loadConfig, type Config } from '../../config';
import type { AppContext } from '../../context';
import { errorHandler } from '../../plugins/error-handler';
import { apiRateLimitPlugin } from '../../plugins/rate-limit';
import { securityHeadersPlugin } from '../../plugins/security-headers';
import { getPayPage } from './online.service';
import { MAX_AUTO_CHECKS, payPageRoutes, renderPayPage } from './pay-page';

// The route's unit test only: the service is a stand-in here (its own tests use the database).
vi.mock('./online.service', () => ({ getPayPage: vi.fn() }));
const service = vi.mocked(getPayPage);

const REF = 'kora-0123456789abcdef01234567';

const page = (over: Partial<PayPage> = {}): PayPage => ({
  reference: REF,
  business: { name: 'Iron Paradise Gym', logo_url: '/uploads/logo-1.png' },
  first_name: 'Ada',
  plan_name: 'Monthly',
  duration: 3,
  duration_type: 'month',
  plan_duration: 1,
  amount: 75_000,
  state: 'sent',
  pay_url: 'https://checkout.paystack.com/abc123xyz',
  expiry_date: null,
  first_payment: false,
  ...over,
});

/** Every page the renderer can draw. */
const everyPage = (): [string, string][] => [
  ['not found', renderPayPage(null)],
  ['sent, returned', renderPayPage(page(), { returned: true })],
  ['sent, returned long ago', renderPayPage(page(), { returned: true, checks: MAX_AUTO_CHECKS })],
  ...LINK_STATES.map((state): [string, string] => [
    state,
    renderPayPage(
      page({
        state,
        pay_url: state === 'sent' ? page().pay_url : null,
        expiry_date: state === 'paid' ? '2027-01-12' : null,
      }),
    ),
  ]),
];

describe('renderPayPage', () => {
  it('asks for the payment: the gym, the member, plan × periods, the amount, a big Pay button', () => {
    const html = renderPayPage(page());
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toContain('<img src="/uploads/logo-1.png" alt="">');
    expect(html).toContain('Iron Paradise Gym');
    expect(html).toContain('Hi Ada,');
    expect(html).toContain('<dd>Monthly × 3</dd>');
    expect(html).toContain('<dd>3 months</dd>');
    expect(html).toContain('₦75,000');
    expect(html).toContain(
      '<a class="pay" href="https://checkout.paystack.com/abc123xyz" rel="noreferrer">Pay ₦75,000</a>',
    );
    expect(html).not.toContain('http-equiv="refresh"');
  });

  it('says one period plainly, counts a plan’s own length, and leaves the logo out without one', () => {
    const one = renderPayPage(page({ duration: 1, business: { name: 'Gym', logo_url: null } }));
    expect(one).toContain('<dd>Monthly</dd>');
    expect(one).toContain('<dd>1 month</dd>');
    expect(one).not.toContain('<img');
    const quarterly = renderPayPage(
      page({ plan_name: 'Quarterly', plan_duration: 3, duration: 2 }),
    );
    expect(quarterly).toContain('<dd>Quarterly × 2</dd>');
    expect(quarterly).toContain('<dd>6 months</dd>');
    const weekly = renderPayPage(page({ duration_type: 'week', plan_duration: 1, duration: 1 }));
    expect(weekly).toContain('<dd>1 week</dd>');
  });

  it('shows a paid link’s outcome and the membership’s new last day', () => {
    const html = renderPayPage(page({ state: 'paid', pay_url: null, expiry_date: '2027-01-12' }));
    expect(html).toContain('Payment received');
    expect(html).toContain(
      'Your membership has been renewed. It now runs to <strong>12 Jan 2027</strong>.',
    );
    expect(html).not.toContain('class="pay"');
    // Even if the service still had a checkout address, a paid link offers no button.
    expect(renderPayPage(page({ state: 'paid', expiry_date: '2027-01-12' }))).not.toContain(
      'class="pay"',
    );
  });

  it('welcomes a member whose first payment it was, never saying renewed', () => {
    const html = renderPayPage(
      page({ state: 'paid', pay_url: null, expiry_date: '2027-01-12', first_payment: true }),
    );
    expect(html).toContain('Payment received');
    expect(html).toContain(
      'Welcome to Iron Paradise Gym! Your membership is active until <strong>12 Jan 2027</strong>.',
    );
    expect(html).not.toMatch(/renew/i);
    // Without the new last day it still does not speak of a renewal.
    const unknown = renderPayPage(page({ state: 'paid', pay_url: null, first_payment: false }));
    expect(unknown).toContain('Iron Paradise Gym has received your payment.');
    expect(unknown).not.toMatch(/renew/i);
  });

  it('says a held payment was received and the gym will confirm', () => {
    const html = renderPayPage(page({ state: 'held', pay_url: null }));
    expect(html).toContain('Payment received');
    expect(html).toContain('Iron Paradise Gym will confirm your membership shortly.');
    expect(html).not.toContain('class="pay"');
  });

  it('after the checkout, while unconfirmed: checks again by itself for a minute, then waits', () => {
    const html = renderPayPage(page(), { returned: true });
    expect(html).toContain('We are confirming your payment…');
    const again = `/pay/${REF}?reference=${REF}&amp;check=1`;
    expect(html).toContain(`<meta http-equiv="refresh" content="5;url=${again}">`);
    expect(html).toContain(`<a href="${again}">Refresh</a>`);
    // The member who closed the checkout can still pay.
    expect(html).toContain('>Try paying again</a>');

    const later = renderPayPage(page(), { returned: true, checks: 4 });
    expect(later).toContain(`content="5;url=/pay/${REF}?reference=${REF}&amp;check=5"`);

    const long = renderPayPage(page(), { returned: true, checks: MAX_AUTO_CHECKS });
    expect(long).not.toContain('http-equiv="refresh"');
    expect(long).toContain('taking longer than usual');
    expect(long).toContain('>Refresh</a>');
  });

  it('sends the member back to the gym for an expired or cancelled link', () => {
    const expired = renderPayPage(page({ state: 'expired', pay_url: null }));
    expect(expired).toContain('This link has expired. Ask Iron Paradise Gym for a new one.');
    expect(expired).not.toContain('class="pay"');
    const cancelled = renderPayPage(page({ state: 'cancelled', pay_url: null }));
    expect(cancelled).toContain('This link was cancelled');
    expect(cancelled).not.toContain('class="pay"');
  });

  it('answers a missing link with its own page', () => {
    const html = renderPayPage(null);
    expect(html).toContain('<h1>Payment link not found</h1>');
    expect(html).not.toContain('class="pay"');
  });

  it('escapes every value and carries no script, in every state', () => {
    const hostile = page({
      first_name: '<script>alert(1)</script>',
      plan_name: '<img src=x onerror=alert(2)>',
      business: { name: 'Gym "&" <b>Co</b> \'s', logo_url: 'https://cdn.example/l.png"onload="x' },
      pay_url: 'https://checkout.paystack.com/a"><script>alert(3)</script>',
    });
    for (const state of LINK_STATES) {
      for (const returned of [false, true]) {
        const html = renderPayPage({ ...hostile, state, expiry_date: '2027-01-12' }, { returned });
        expect(html).not.toMatch(/<script/i);
        expect(html).not.toContain('<img src=x');
        expect(html).not.toContain('<b>Co</b>');
        expect(html).not.toContain('"onload="');
        expect(html).toContain('Gym &quot;&amp;&quot; &lt;b&gt;Co&lt;/b&gt; &#39;s');
      }
    }
    const sent = renderPayPage(hostile);
    expect(sent).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(sent).toContain('&lt;img src=x onerror=alert(2)&gt; × 3');
    expect(sent).toContain('src="https://cdn.example/l.png&quot;onload=&quot;x"');
  });

  it('puts only web addresses in links and pictures', () => {
    const html = renderPayPage(
      page({
        business: { name: 'Gym', logo_url: 'javascript:alert(1)' },
        pay_url: 'javascript:alert(2)',
      }),
    );
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('class="pay"');
    expect(html).toContain('This link cannot be paid right now');
    expect(
      renderPayPage(page({ business: { name: 'G', logo_url: '//evil.example/x.png' } })),
    ).not.toContain('<img');
  });

  it('stays light: well under 10 kB in every state', () => {
    for (const [name, html] of everyPage()) {
      expect(Buffer.byteLength(html), name).toBeLessThan(6 * 1024);
      expect(html, name).not.toMatch(/<script|<link|@import|url\(/i);
    }
  });
});

const configWith = (apiRateLimit: Config['apiRateLimit']): Config => ({
  ...loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/kora-pay-page-test',
    APP_URL: 'http://kora.test',
  }),
  apiRateLimit,
});

/** The app's own plugins that touch this page (headers, errors, limits) and the page. */
const pageApp = async (apiRateLimit: Config['apiRateLimit']) => {
  const ctx = { config: configWith(apiRateLimit) } as AppContext;
  const app = Fastify();
  await app.register(errorHandler);
  await app.register(securityHeadersPlugin);
  await app.register(apiRateLimitPlugin, apiRateLimit);
  await app.register(payPageRoutes(ctx));
  await app.ready();
  return { app, ctx };
};

describe('GET /pay/:reference', () => {
  let app: FastifyInstance;
  let ctx: AppContext;

  beforeAll(async () => {
    ({ app, ctx } = await pageApp({ enabled: true, perUserPerMinute: 100, perIpPerMinute: 5 }));
  });
  afterAll(() => app.close());
  beforeEach(() => {
    service.mockReset();
    service.mockResolvedValue(page());
  });

  /** Each test from an address of its own, so the limit's count starts afresh. */
  let nextIp = 1;
  const get = (url: string, ip = `10.1.0.${nextIp++}`) =>
    app.inject({ method: 'GET', url, remoteAddress: ip, headers: { accept: 'text/html' } });

  it('answers the page as HTML, uncached, unindexed, without a referrer, under the CSP', async () => {
    const res = await get(`/pay/${REF}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    // The inline style is what the policy allows; the page has no script for it to refuse.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self'");
    expect(res.body).toContain('Pay ₦75,000');
    expect(service).toHaveBeenCalledWith(ctx, REF, { returned: false });
  });

  it('tells the service when the member came back from the checkout', async () => {
    await get(`/pay/${REF}?trxref=${REF}&reference=${REF}`);
    expect(service).toHaveBeenLastCalledWith(ctx, REF, { returned: true });
    await get(`/pay/${REF}?trxref=${REF}`);
    expect(service).toHaveBeenLastCalledWith(ctx, REF, { returned: true });
    const res = await get(`/pay/${REF}?reference=${REF}&check=3`);
    expect(service).toHaveBeenLastCalledWith(ctx, REF, { returned: true });
    expect(res.body).toContain(`check=4`);
    expect(res.body).toContain('We are confirming your payment…');
    // A made-up count cannot stretch the checking.
    const silly = await get(`/pay/${REF}?reference=${REF}&check=99999`);
    expect(silly.body).not.toContain('http-equiv="refresh"');
  });

  it('answers 404 with its page for an unknown link, and never asks about a malformed one', async () => {
    service.mockResolvedValue(null);
    const unknown = await get('/pay/kora-nothing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.body).toContain('Payment link not found');
    service.mockClear();
    // (A path parameter over 100 characters is refused by Fastify itself: 414.)
    for (const bad of ['a%3Cscript%3E', 'x'.repeat(97) + '%3C', 'a%20b', 'a_b']) {
      const res = await get(`/pay/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.body).toContain('Payment link not found');
    }
    expect(service).not.toHaveBeenCalled();
  });

  it('answers a failure with a page of its own, 503, no internals', async () => {
    service.mockRejectedValue(new Error('connection refused at 10.0.0.5:5432'));
    const res = await get(`/pay/${REF}`);
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Something went wrong');
    expect(res.body).not.toContain('10.0.0.5');
  });

  it('is limited per IP address like anonymous API calls, with a page saying how long to wait', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await get(`/pay/${REF}`, ip)).statusCode).toBe(200);
    const blocked = await get(`/pay/${REF}`, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(blocked.headers['retry-after']).toEqual(expect.any(String));
    expect(blocked.body).toMatch(/Please wait \d+ (seconds?|minutes?) and open the link again\./);
    expect(service).toHaveBeenCalledTimes(5);
    // Another address is not affected.
    expect((await get(`/pay/${REF}`, '10.9.9.10')).statusCode).toBe(200);
  });

  it('is not limited where the API limit is off (the API tests)', async () => {
    const off = await pageApp({ enabled: false, perUserPerMinute: 1, perIpPerMinute: 1 });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await off.app.inject({ method: 'GET', url: `/pay/${REF}` });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await off.app.close();
    }
  });
});
