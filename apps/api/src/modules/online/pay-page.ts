import type { FastifyInstance } from 'fastify';
import { durationLabel, formatDay, formatNaira, type PayPage } from '@kora/shared';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../lib/html';
import { GYM_STYLE, privatePage, privatePageRoute, sendPrivatePage } from '../../lib/private-page';
import { getPayPage } from './online.service';

/*
 * The public payment page, /pay/{reference}: what a member opens from WhatsApp or an SMS on a
 * cheap phone. One small HTML document (no script, its style inline, which Kora's
 * Content-Security-Policy allows), then a link to Paystack's checkout. Paystack sends the
 * member back here with ?trxref=…&reference=…; the service then asks Paystack, so the page
 * shows the outcome.
 */

/** Our references (the contract's rule): anything else is no link of ours. */
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
/** Seconds between checks while a payment is being confirmed. */
const CONFIRM_REFRESH_SECONDS = 5;
/** Checks made by themselves (about a minute) before the page waits for the member. */
export const MAX_AUTO_CHECKS = 12;

export interface PayPageOptions {
  /** The member came back from Paystack's checkout (?reference= or ?trxref=). */
  returned?: boolean;
  /** How many times the page already checked by itself (its `check` query parameter). */
  checks?: number;
}

/** A link or picture address we are willing to put in the page: http(s) or this site's own. */
const safeUrl = (url: string | null | undefined): string | null =>
  url && (/^https?:\/\/[^\s]+$/i.test(url) || /^\/(?!\/)[^\s]*$/.test(url)) ? url : null;

/** "1 month", "3 months", "2 weeks". */
const STYLE =
  'main{max-width:28rem;margin:0 auto;padding:1.25rem 1rem 2rem}' +
  GYM_STYLE +
  '.card{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}' +
  'h1{font-size:1.375rem;line-height:1.3;margin:0 0 .75rem}' +
  'p{margin:.5rem 0}' +
  'dl{margin:1rem 0;display:grid;grid-template-columns:auto 1fr;gap:.375rem 1rem}' +
  'dt{color:#52606d}dd{margin:0;text-align:right;font-weight:600;overflow-wrap:anywhere}' +
  '.total{font-size:1.25rem}' +
  '.pay{display:block;margin:1.25rem 0 .5rem;padding:1rem;border-radius:.625rem;background:#0f766e;color:#fff;text-align:center;font-size:1.25rem;font-weight:700;text-decoration:none}' +
  '.pay:focus,.pay:hover{background:#115e59}' +
  '.note{color:#52606d;font-size:.875rem}' +
  '.ok{color:#0f766e}' +
  'a{color:#0f766e}';

interface Shell {
  title: string;
  /** The page's heading (HTML); `ok` shows it in the success colour. */
  heading: string;
  ok?: boolean;
  gym?: { name: string; logoUrl: string | null };
  /** A meta refresh: seconds and the address to load. */
  refresh?: { seconds: number; url: string };
  /** What follows the heading (HTML). */
  body: string;
}

const htmlDocument = ({ title, heading, ok, gym, refresh, body }: Shell): string =>
  privatePage({
    title,
    style: STYLE,
    gym: gym && { name: gym.name, logo: safeUrl(gym.logoUrl) },
    main: `<div class="card"><h1${ok ? ' class="ok"' : ''}>${heading}</h1>${body}</div>`,
    head:
      refresh &&
      `<meta http-equiv="refresh" content="${refresh.seconds};url=${escapeHtml(refresh.url)}">`,
  });

/** What is being paid for: plan × periods, how long that is, and the amount. */
const summary = (page: PayPage): string => {
  const plan = page.duration > 1 ? `${page.plan_name} × ${page.duration}` : page.plan_name;
  const length = durationLabel(page.plan_duration * page.duration, page.duration_type);
  return (
    '<dl>' +
    `<dt>Plan</dt><dd>${escapeHtml(plan)}</dd>` +
    `<dt>Period</dt><dd>${escapeHtml(length)}</dd>` +
    `<dt>Amount</dt><dd class="total">${escapeHtml(formatNaira(page.amount))}</dd>` +
    '</dl>'
  );
};

const payButton = (page: PayPage, url: string, label?: string): string =>
  `<a class="pay" href="${escapeHtml(url)}" rel="noreferrer">` +
  `${escapeHtml(label ?? `Pay ${formatNaira(page.amount)}`)}</a>`;

/** The address the confirming page reloads: a check with Paystack again, counted. */
const checkUrl = (reference: string, check: number) => {
  const ref = encodeURIComponent(reference);
  return `/pay/${ref}?reference=${ref}&check=${check}`;
};

const notFoundPage = (): string =>
  htmlDocument({
    title: 'Payment link not found',
    heading: 'Payment link not found',
    body: '<p>Check that you opened the whole link you were sent, or ask your gym for a new one.</p>',
  });

/**
 * The page for a link (`null`: no such link, the "not found" page). Every value is escaped;
 * the page carries no script.
 */
export const renderPayPage = (page: PayPage | null, opts: PayPageOptions = {}): string => {
  if (!page) return notFoundPage();
  const gymName = page.business.name;
  const gym = { name: gymName, logoUrl: page.business.logo_url };
  const hi = `<p>Hi ${escapeHtml(page.first_name)},</p>`;
  const gymHtml = escapeHtml(gymName);
  const payUrl = safeUrl(page.pay_url);

  /** A page of this gym's: its title carries the gym's name. */
  const gymPage = (title: string, shell: Omit<Shell, 'title' | 'gym'>) =>
    htmlDocument({ title: `${title} · ${gymName}`, gym, ...shell });
  /** The payment arrived: thanks, what follows, and what was paid for. */
  const received = (thanks: string, more = '') =>
    gymPage('Payment received', {
      heading: 'Payment received',
      ok: true,
      body: hi + `<p>Thank you. ${gymHtml} ${thanks}</p>` + more + summary(page),
    });

  switch (page.state) {
    case 'paid': {
      // A first payment welcomes the member; only a renewal says "renewed" (not knowing which,
      // the page says no more than that the payment was received).
      const until = page.expiry_date
        ? `<strong>${escapeHtml(formatDay(page.expiry_date))}</strong>`
        : null;
      const runsTo = page.first_payment
        ? `<p>Welcome to ${gymHtml}! Your membership is active${until ? ` until ${until}` : ''}.</p>`
        : until
          ? `<p>Your membership has been renewed. It now runs to ${until}.</p>`
          : '';
      return received('has received your payment.', runsTo);
    }
    case 'held':
      return received('will confirm your membership shortly.');
    case 'expired':
      return gymPage('Link expired', {
        heading: 'This link has expired',
        body: hi + `<p>This link has expired. Ask ${gymHtml} for a new one.</p>`,
      });
    case 'cancelled':
      return gymPage('Link cancelled', {
        heading: 'This link was cancelled',
        body:
          hi +
          `<p>This link was cancelled by ${gymHtml}. Ask them for a new one if you still want to pay.</p>`,
      });
    case 'sent':
      break;
  }

  if (opts.returned) {
    // Back from Paystack, not confirmed yet: check again by itself for about a minute.
    const checks = Math.max(0, Math.floor(opts.checks ?? 0));
    const again = checkUrl(page.reference, checks + 1);
    const waiting = checks < MAX_AUTO_CHECKS;
    return gymPage('Confirming your payment', {
      heading: 'We are confirming your payment…',
      refresh: waiting ? { seconds: CONFIRM_REFRESH_SECONDS, url: again } : undefined,
      body:
        hi +
        (waiting
          ? '<p>This takes a few seconds. This page checks again by itself.</p>'
          : `<p>This is taking longer than usual. If you paid, ${gymHtml} will see it as soon as Paystack confirms it.</p>`) +
        `<p><a href="${escapeHtml(again)}">Refresh</a></p>` +
        summary(page) +
        (payUrl
          ? '<p class="note">Did not finish paying?</p>' +
            payButton(page, payUrl, 'Try paying again')
          : ''),
    });
  }

  return gymPage(`Pay ${formatNaira(page.amount)}`, {
    heading: `Hi ${escapeHtml(page.first_name)},`,
    body:
      `<p>Here is your membership payment for ${gymHtml}.</p>` +
      summary(page) +
      (payUrl
        ? payButton(page, payUrl) +
          '<p class="note">You pay on Paystack’s secure page, by card, bank transfer or USSD. ' +
          `The money goes straight to ${gymHtml}.</p>`
        : `<p>This link cannot be paid right now. Please try again later, or ask ${gymHtml}.</p>`),
  });
};

const first = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;

/**
 * GET /pay/:reference (and HEAD). Public, so limited per IP address like anonymous API calls
 * (the general limit counts /v1/ only): the same number a minute, in a budget of its own.
 */
export const payPageRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get<{ Params: { reference: string }; Querystring: Record<string, unknown> }>(
    '/pay/:reference',
    privatePageRoute(ctx.config.apiRateLimit, {
      budget: 'pay',
      page: 'payment',
      subject: 'payment',
      problem: (title, heading, text) => htmlDocument({ title, heading, body: `<p>${text}</p>` }),
    }),
    async (request, reply) => {
      const { reference } = request.params;
      const query = request.query ?? {};
      const returned = first(query.reference) !== undefined || first(query.trxref) !== undefined;
      const check = Number.parseInt(first(query.check) ?? '0', 10);
      const checks = Number.isFinite(check) ? Math.min(Math.max(check, 0), MAX_AUTO_CHECKS) : 0;
      const page = REFERENCE.test(reference)
        ? await getPayPage(ctx, reference, { returned })
        : null;
      return sendPrivatePage(reply, page ? 200 : 404, renderPayPage(page, { returned, checks }));
    },
  );
};
