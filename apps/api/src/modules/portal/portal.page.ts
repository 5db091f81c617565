import { createHmac, randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import {
  kioskPinSchema,
  PORTAL_MESSAGES,
  portalDetailsSchema,
  portalFreezeRequestSchema,
  portalPaySchema,
  portalPhoneSchema,
  portalPhoneVerifySchema,
  signInCodeSchema,
  type PortalMe,
} from '@kora/shared';
import type { ZodError } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { PageBusy, privatePageLimit } from '../../lib/private-page';
import { waitText } from '../../plugins/rate-limit';
import { payInstead } from '../business';
import {
  basePath,
  busyPage,
  codePage,
  failurePage,
  forbiddenPage,
  gymNotFoundPage,
  messagePage,
  PAGE_TEXTS,
  signInPage,
  type PageGym,
} from './portal.page.html';
import {
  cardPage,
  detailsPage,
  freezePage,
  homePage,
  privacyPage,
  renewPage,
  type FieldErrors,
  type FreezeRules,
  type PageMe,
} from './portal.page.views';
import { eraseConfirmPage } from './portal.page.erase';
import { KIOSK_PIN_TEXTS, kioskPinRefusal, kioskPinSection } from './portal.page.kiosk-pin';
import { posterPage } from './portal.poster';
import * as portal from './portal.service';

/*
 * The member's pages under /m/{business_code}: GET draws a page, every POST checks that it was
 * sent from this site (Origin, else Referer; 403 otherwise), does one thing through the portal's
 * service and answers 303 to a page (Post/Redirect/Get: a reload never sends it again). A form
 * the service refuses is drawn again with the refusal next to its field.
 *
 * The session is a cookie per gym (`kora_member_{code}`, the member token, HttpOnly,
 * SameSite=Lax, Path /m/{CODE}, 30 days). Between the sign-in and code steps the phone number
 * or e-mail is kept in a signed cookie of 10 minutes, never in the address.
 */

type Business = NonNullable<Awaited<ReturnType<typeof portal.portalBusiness>>>;
type Session = NonNullable<Awaited<ReturnType<typeof portal.memberSessionOf>>>;

/** Business codes are 3 to 8 capitals and digits; anything else is no gym of ours. */
const CODE = /^[A-Za-z0-9]{1,8}$/;
const SESSION_DAYS = 30;
const STEP_SECONDS = 10 * 60;
/** Form bodies are a few short fields. */
const FORM_LIMIT = 16 * 1024;

const sessionCookie = (code: string) => `kora_member_${code.toLowerCase()}`;
const stepCookie = (code: string) => `kora_member_step_${code.toLowerCase()}`;
const phoneCookie = (code: string) => `kora_member_phone_${code.toLowerCase()}`;

type Form = Record<string, string>;

/** A form body read into a plain object without a prototype (`__proto__` is just a key). */
const parseForm = (body: string): Form => {
  const out: Form = Object.create(null);
  for (const [key, value] of new URLSearchParams(body)) if (!(key in out)) out[key] = value;
  return out;
};

/** A typed value: control characters dropped, trimmed, cut at `max`. */
const text = (form: Form, name: string, max = 500): string =>
  (form[name] ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, max);

/** "••••4567" or "a•••@example.com": enough for the member to recognise, no more. */
const maskIdentifier = (identifier: string): string => {
  const at = identifier.indexOf('@');
  if (at > 0) return `${identifier[0]}•••${identifier.slice(at)}`;
  const digits = identifier.replace(/\D/g, '');
  return digits.length >= 4 ? `••••${digits.slice(-4)}` : '••••';
};

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // Same-origin: the forms' POSTs carry our Origin (no-referrer would send "null").
    .header('referrer-policy', 'same-origin')
    .header('x-robots-tag', 'noindex')
    .send(html);

const redirect = (reply: FastifyReply, to: string) =>
  reply
    .status(303)
    .header('location', to)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send();

/** Whether a POST came from a page of this site: its Origin, else its Referer. */
const sentFromHere = (request: FastifyRequest, appUrl: string): boolean => {
  const own = new Set<string>([`${request.protocol}://${request.host}`]);
  try {
    own.add(new URL(appUrl).origin);
  } catch {
    // An app URL that is no URL adds nothing.
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return own.has(origin);
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return false;
  try {
    return own.has(new URL(referer).origin);
  } catch {
    return false;
  }
};

const gymOf = (b: Business): PageGym => ({ name: b.name, code: b.code, logo_url: b.logo_url });

const fieldErrors = (err: AppError): FieldErrors => ({
  ...(err.fields ?? {}),
  ...(err.fields && Object.keys(err.fields).length ? {} : { message: err.message }),
});

/** Each field's first message of a refused form (a message without a field under `message`). */
const zodFields = (error: ZodError): FieldErrors => {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = typeof issue.path[0] === 'string' ? issue.path[0] : 'message';
    out[key] ??= issue.message;
  }
  return out;
};

const firstError = (error: ZodError): string | undefined => error.issues[0]?.message;

/** A refusal in a member's words (4xx AppError); anything else is thrown on. */
const refusal = (err: unknown): AppError => {
  if (err instanceof AppError && err.status >= 400 && err.status < 500) return err;
  throw err;
};

export const portalPageRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  await app.register(cookie, {
    secret: createHmac('sha256', ctx.config.jwtSecret).update('kora member page').digest('hex'),
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, parseForm(body as string)),
  );
  const rateLimit = privatePageLimit(ctx.config.apiRateLimit, 'member-page');

  const cookieOptions = (request: FastifyRequest, code: string, maxAge: number) => ({
    path: basePath(code),
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure whenever the app is served over https, whether or not the proxy is trusted.
    secure: request.protocol === 'https' || ctx.config.appUrl.startsWith('https:'),
    maxAge,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof PageBusy) return send(reply, 429, busyPage(null, waitText(error.ttl)));
    const status = error instanceof AppError ? error.status : error.statusCode;
    if (status && status >= 400 && status < 500)
      return send(reply, status, messagePage(null, 'Not possible', error.message));
    request.log.error({ err: error }, 'a member page could not be loaded');
    reply.header('retry-after', '30');
    return send(reply, 503, failurePage(null));
  });

  interface Resolved {
    business: Business;
    gym: PageGym;
    session: Session | null;
  }

  /** The gym of the address and the signed-in member of this gym (a stale cookie is cleared). */
  const resolve = async (
    request: FastifyRequest<{ Params: { code: string } }>,
    reply: FastifyReply,
  ): Promise<Resolved | null> => {
    const { code } = request.params;
    const business = CODE.test(code) ? await portal.portalBusiness(ctx, code.toUpperCase()) : null;
    if (!business) {
      send(reply, 404, gymNotFoundPage());
      return null;
    }
    // /m/iron opens /m/IRON: the session cookie's path is the gym's code as it is spelled.
    if (code !== business.code && request.method === 'GET') {
      const rest = request.url.slice(`/m/${code}`.length);
      redirect(reply, `${basePath(business.code)}${rest}`);
      return null;
    }
    const name = sessionCookie(business.code);
    const token = request.cookies[name];
    const session = token ? await portal.memberSessionOf(ctx, business.code, token) : null;
    if (token && !session) reply.clearCookie(name, { path: basePath(business.code) });
    return { business, gym: gymOf(business), session };
  };

  /** A POST's first checks: the gym exists and the form was sent from this site. */
  const resolvePost = async (
    request: FastifyRequest<{ Params: { code: string } }>,
    reply: FastifyReply,
  ): Promise<Resolved | null> => {
    const found = await resolve(request, reply);
    if (!found) return null;
    if (!sentFromHere(request, ctx.config.appUrl)) {
      send(reply, 403, forbiddenPage(found.gym));
      return null;
    }
    return found;
  };

  /** The signed identifier of the code step, or null (none, tampered or expired). */
  const readSigned = (request: FastifyRequest, name: string): string | null => {
    const raw = request.cookies[name];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value ? unsigned.value : null;
  };

  /** The form's text fields (a body of another kind, or a value that is not text, counts as absent). */
  const form = (request: FastifyRequest): Form => {
    const out: Form = Object.create(null);
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body))
      for (const [key, value] of Object.entries(body))
        if (typeof value === 'string') out[key] = value;
    return out;
  };

  type Req = FastifyRequest<{ Params: { code: string }; Querystring: Record<string, unknown> }>;
  const opts = { schema: { hide: true }, config: { rateLimit } };
  const query = (request: Req, name: string): string | undefined => {
    const v = request.query?.[name];
    return typeof v === 'string' ? v.slice(0, 120) : undefined;
  };

  /** The member's page data (the portal's `PortalMe`). */
  const pageOf = async (session: Session): Promise<PageMe> => {
    const me: PortalMe = await portal.memberPage(ctx, session);
    return me;
  };

  /** Without online payments: the gym's phone and bank account, for the renew page. */
  const payInsteadOf = async (me: PageMe, business: Business) =>
    me.business.paystack_connected ? undefined : payInstead(ctx, business.id);

  /** The rules of the member's running plan, as the freeze page states them. */
  const rulesOf = async (session: Session): Promise<FreezeRules | null> => {
    const r = await portal.memberFreezeRules(ctx, session);
    return r
      ? {
          plan_name: r.planName,
          freeze_allowed: r.allowed,
          freeze_min_days: r.minDays,
          freeze_max_days: r.maxDays,
          freeze_max_days_per_year: r.maxDaysPerYear,
          freeze_max_per_year: r.maxPerYear,
          freeze_fee: r.feeNaira,
        }
      : null;
  };

  /** Signed-in pages: the member's page data, or a 303 to the sign-in page. */
  const signedIn = async (
    request: Req,
    reply: FastifyReply,
  ): Promise<(Resolved & { session: Session; me: PageMe }) | null> => {
    const found = await resolve(request, reply);
    if (!found) return null;
    if (!found.session) {
      redirect(reply, basePath(found.business.code));
      return null;
    }
    const me = await pageOf(found.session);
    return { ...found, session: found.session, me };
  };

  /**
   * A POST of the code step: the gym and the identifier its signed cookie keeps (masked as
   * `sentTo`); without one (none, tampered or expired) the sign-in page again, 422, and null.
   */
  const codeStep = async (request: Req, reply: FastifyReply) => {
    const found = await resolvePost(request, reply);
    if (!found) return null;
    const { business, gym } = found;
    const identifier = readSigned(request, stepCookie(business.code));
    if (!identifier) {
      send(reply, 422, signInPage(gym, { notice: PAGE_TEXTS.codeExpiredStep }));
      return null;
    }
    return { business, gym, identifier, sentTo: maskIdentifier(identifier) };
  };

  /** A refusal (4xx) drawn by `page` from its message, with its Retry-After when it has one. */
  const sendRefusal = (reply: FastifyReply, err: unknown, page: (error: string) => string) => {
    const e = refusal(err);
    if (e.retryAfterSeconds) reply.header('retry-after', String(e.retryAfterSeconds));
    return send(reply, e.status, page(e.message));
  };

  /**
   * Sends a sign-in code to `identifier`, keeps it (signed) for the code step and goes to `next`;
   * a refusal is drawn by `refused`.
   */
  const sendSignInCode = async (
    request: Req,
    reply: FastifyReply,
    business: Business,
    identifier: string,
    next: string,
    refused: (error: string) => string,
  ) => {
    try {
      await portal.requestSignInCode(ctx, business, identifier, request.ip);
    } catch (err) {
      return sendRefusal(reply, err, refused);
    }
    reply.setCookie(stepCookie(business.code), identifier, {
      ...cookieOptions(request, business.code, STEP_SECONDS),
      signed: true,
    });
    return redirect(reply, next);
  };

  // ---- Signed out: sign-in and code steps -------------------------------------------------

  app.get('/m/:code', opts, async (request: Req, reply) => {
    const found = await resolve(request, reply);
    if (!found) return reply;
    const { gym, session } = found;
    if (!session)
      return send(
        reply,
        200,
        signInPage(gym, {
          notice: query(request, 'signed_out') ? PAGE_TEXTS.signedOut : undefined,
        }),
      );
    return send(reply, 200, homePage(await pageOf(session)));
  });

  // The QR poster of the members' page, for the reception wall: public, like the page itself.
  app.get('/m/:code/poster', opts, async (request: Req, reply) => {
    const found = await resolve(request, reply);
    if (!found) return reply;
    const url = `${ctx.config.appUrl.replace(/\/+$/, '')}${basePath(found.business.code)}`;
    const qr = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return send(reply, 200, posterPage(found.gym, url, qr));
  });

  app.post('/m/:code/sign-in', opts, async (request: Req, reply) => {
    const found = await resolvePost(request, reply);
    if (!found) return reply;
    const { business, gym } = found;
    const parsed = signInCodeSchema.safeParse({ identifier: form(request).identifier ?? '' });
    if (!parsed.success)
      return send(
        reply,
        422,
        signInPage(gym, { error: firstError(parsed.error) ?? PORTAL_MESSAGES.identifier }),
      );
    const { identifier } = parsed.data;
    return sendSignInCode(
      request,
      reply,
      business,
      identifier,
      `${basePath(business.code)}/code`,
      (error) => signInPage(gym, { identifier, error }),
    );
  });

  app.get('/m/:code/code', opts, async (request: Req, reply) => {
    const found = await resolve(request, reply);
    if (!found) return reply;
    const { business, gym, session } = found;
    if (session) return redirect(reply, basePath(business.code));
    const identifier = readSigned(request, stepCookie(business.code));
    if (!identifier)
      return send(reply, 200, signInPage(gym, { notice: PAGE_TEXTS.codeExpiredStep }));
    return send(
      reply,
      200,
      codePage(gym, {
        sentTo: maskIdentifier(identifier),
        notice: query(request, 'sent') ? 'We sent you a new code.' : undefined,
      }),
    );
  });

  app.post('/m/:code/verify', opts, async (request: Req, reply) => {
    const step = await codeStep(request, reply);
    if (!step) return reply;
    const { business, gym, identifier, sentTo } = step;
    const parsed = portalPhoneVerifySchema.shape.code.safeParse(form(request).code ?? '');
    if (!parsed.success)
      return send(reply, 422, codePage(gym, { sentTo, error: PORTAL_MESSAGES.code }));
    const code = parsed.data;
    let signed: Awaited<ReturnType<typeof portal.verifySignInCode>>;
    try {
      const agent = String(request.headers['user-agent'] ?? '').slice(0, 200);
      signed = await portal.verifySignInCode(ctx, business, identifier, code, agent, request.ip);
    } catch (err) {
      return sendRefusal(reply, err, (error) => codePage(gym, { sentTo, error }));
    }
    reply.clearCookie(stepCookie(business.code), { path: basePath(business.code) });
    reply.setCookie(
      sessionCookie(business.code),
      signed.token,
      cookieOptions(request, business.code, SESSION_DAYS * 24 * 3600),
    );
    return redirect(reply, basePath(business.code));
  });

  app.post('/m/:code/resend', opts, async (request: Req, reply) => {
    const step = await codeStep(request, reply);
    if (!step) return reply;
    const { business, gym, identifier, sentTo } = step;
    return sendSignInCode(
      request,
      reply,
      business,
      identifier,
      `${basePath(business.code)}/code?sent=1`,
      (error) => codePage(gym, { sentTo, error }),
    );
  });

  app.post('/m/:code/sign-out', opts, async (request: Req, reply) => {
    const found = await resolvePost(request, reply);
    if (!found) return reply;
    const { business, session } = found;
    if (session) await portal.signOut(ctx, session);
    reply.clearCookie(sessionCookie(business.code), { path: basePath(business.code) });
    return redirect(reply, `${basePath(business.code)}?signed_out=1`);
  });

  // ---- Signed in ---------------------------------------------------------------------------

  /**
   * The card page: the card's QR code and, where the kiosk takes typed entry, the kiosk PIN
   * form (with `pinErrors` beside its fields); `refused` in its place when the kiosk takes
   * cards only.
   */
  const drawCard = async (
    session: Session,
    gym: PageGym,
    opts: { flash?: string; pinErrors?: { pin?: string; pin_confirm?: string } } = {},
    refused = false,
  ) => {
    const me = await pageOf(session);
    const code = me.member.card_code;
    const qr = code
      ? await QRCode.toString(code.toLowerCase(), {
          type: 'svg',
          errorCorrectionLevel: 'M',
          margin: 2,
        })
      : null;
    const state = await portal.kioskPinState(ctx, session);
    const after = refused ? kioskPinRefusal(gym) : kioskPinSection(gym, state, opts.pinErrors);
    return cardPage(me, qr, { after, flash: opts.flash });
  };

  app.get('/m/:code/card', opts, async (request: Req, reply) => {
    const found = await resolve(request, reply);
    if (!found) return reply;
    if (!found.session) return redirect(reply, basePath(found.business.code));
    const flash = query(request, 'pin') ? KIOSK_PIN_TEXTS.saved : undefined;
    return send(reply, 200, await drawCard(found.session, found.gym, { flash }));
  });

  // The member's kiosk PIN, where the kiosk takes typed entry: typed twice, kept hashed.
  app.post('/m/:code/card/kiosk-pin', opts, async (request: Req, reply) => {
    const found = await resolvePost(request, reply);
    if (!found) return reply;
    const { business, gym, session } = found;
    if (!session) return redirect(reply, basePath(business.code));
    if (!(await portal.kioskPinState(ctx, session)).typed_entry)
      return send(reply, 409, await drawCard(session, gym, {}, true));
    const f = form(request);
    const parsed = kioskPinSchema.safeParse({ pin: text(f, 'pin', 20) });
    const pinErrors = !parsed.success
      ? { pin: firstError(parsed.error) }
      : parsed.data.pin !== text(f, 'pin_confirm', 20)
        ? { pin_confirm: KIOSK_PIN_TEXTS.mismatch }
        : undefined;
    if (!parsed.success || pinErrors)
      return send(reply, 422, await drawCard(session, gym, { pinErrors }));
    await portal.setKioskPin(ctx, session, parsed.data.pin);
    return redirect(reply, `${basePath(business.code)}/card?pin=saved`);
  });

  app.get('/m/:code/renew', opts, async (request: Req, reply) => {
    const found = await signedIn(request, reply);
    if (!found) return reply;
    const { plans } = await portal.onlinePlans(ctx, found.session);
    return send(
      reply,
      200,
      renewPage(found.me, plans, {
        formKey: randomUUID(),
        payInstead: await payInsteadOf(found.me, found.business),
      }),
    );
  });

  app.post('/m/:code/renew', opts, async (request: Req, reply) => {
    const found = await resolvePost(request, reply);
    if (!found) return reply;
    if (!found.session) return redirect(reply, basePath(found.business.code));
    const f = form(request);
    const again = async (status: number, error: string) => {
      const { plans } = await portal.onlinePlans(ctx, found.session!);
      const me = await pageOf(found.session!);
      return send(
        reply,
        status,
        renewPage(me, plans, {
          payInstead: await payInsteadOf(me, found.business),
          error,
          selected: Number(f.subscription_type_id) || undefined,
          periods: Number(f.duration) || undefined,
          formKey: randomUUID(),
        }),
      );
    };
    const parsed = portalPaySchema.safeParse({
      subscription_type_id: text(f, 'subscription_type_id', 12),
      duration: Number(text(f, 'duration', 4)),
    });
    if (!parsed.success) return again(422, firstError(parsed.error) ?? 'Choose a plan.');
    try {
      const { pay_url } = await portal.startPayment(ctx, found.session, parsed.data, formKey(f));
      return redirect(reply, pay_url);
    } catch (err) {
      const e = refusal(err);
      return again(e.status, Object.values(e.fields ?? {})[0] ?? e.message);
    }
  });

  const DETAIL_FIELDS = [
    'email_address',
    'home_address',
    'emergency_contact_name',
    'emergency_contact_number',
    'emergency_contact_relationship',
  ] as const;

  app.get('/m/:code/details', opts, async (request: Req, reply) => {
    const found = await signedIn(request, reply);
    if (!found) return reply;
    const pending = readSigned(request, phoneCookie(found.business.code));
    const saved = query(request, 'saved');
    return send(
      reply,
      200,
      detailsPage(found.me, {
        phoneTo: pending ?? undefined,
        flash:
          saved === 'phone'
            ? 'Your phone number was changed.'
            : saved
              ? 'Your details were saved.'
              : undefined,
      }),
    );
  });

  app.post('/m/:code/details', opts, async (request: Req, reply) => {
    const found = await resolvePost(request, reply);
    if (!found) return reply;
    if (!found.session) return redirect(reply, basePath(found.business.code));
    const f = form(request);
    const values: Record<string, string> = {};
    for (const name of DETAIL_FIELDS) values[name] = text(f, name);
    const parsed = portalDetailsSchema.safeParse({
      ...Object.fromEntries(DETAIL_FIELDS.map((n) => [n, values[n] || null])),
      reminders_opt_out: f.reminders_opt_out === 'yes',
    });
    if (!parsed.success)
      return send(
        reply,
        422,
        detailsPage(await pageOf(found.session), { errors: zodFields(parsed.error), values }),
      );
    try {
      await portal.updateDetails(ctx, found.session, parsed.data);
      return redirect(reply, `${basePath(found.business.code)}/details?saved=1`);
    } catch (err) {
      const e = refusal(err);
      const me = await pageOf(found.session);
      return send(reply, e.status, detailsPage(me, { errors: fieldErrors(e), values }));
    }
  });

  app.post('/m/:code/details/phone', opts, async (request: Req, reply) => {
    const found = await resolvePost(request, reply);
    if (!found) return reply;
    if (!found.session) return redirect(reply, basePath(found.business.code));
    const parsed = portalPhoneSchema.safeParse({
      mobile_number: text(form(request), 'mobile_number', 30),
    });
    if (!parsed.success)
      return send(
        reply,
        422,
        detailsPage(await pageOf(found.session), {
          phoneError: firstError(parsed.error) ?? PORTAL_MESSAGES.phone,
        }),
      );
    const mobile = parsed.data.mobile_number ?? '';
    try {
      await portal.requestPhoneChange(ctx, found.session, mobile, request.ip);
    } catch (err) {
      const e = refusal(err);
      if (e.retryAfterSeconds) reply.header('retry-after', String(e.retryAfterSeconds));
      const me = await pageOf(found.session);
      const message = Object.values(e.fields ?? {})[0] ?? e.message;
      return send(reply, e.status, detailsPage(me, { phoneError: message }));
    }
    reply.setCookie(phoneCookie(found.business.code), mobile, {
      ...cookieOptions(request, found.business.code, STEP_SECONDS),
      signed: true,
    });
    return redirect(reply, `${basePath(found.business.code)}/details#phone`);
  });

  app.post('/m/:code/details/phone/verify', opts, async (request: Req, reply) => {
    const found = await resolvePost(request, reply);
    if (!found) return reply;
    if (!found.session) return redirect(reply, basePath(found.business.code));
    const base = basePath(found.business.code);
    const mobile = readSigned(request, phoneCookie(found.business.code));
    if (!mobile) return redirect(reply, `${base}/details`);
    const parsed = portalPhoneVerifySchema.shape.code.safeParse(form(request).code ?? '');
    if (!parsed.success)
      return send(
        reply,
        422,
        detailsPage(await pageOf(found.session), {
          phoneTo: mobile,
          phoneError: PORTAL_MESSAGES.code,
        }),
      );
    try {
      await portal.confirmPhoneChange(ctx, found.session, mobile, parsed.data);
    } catch (err) {
      const e = refusal(err);
      const me = await pageOf(found.session);
      const message = Object.values(e.fields ?? {})[0] ?? e.message;
      return send(reply, e.status, detailsPage(me, { phoneTo: mobile, phoneError: message }));
    }
    reply.clearCookie(phoneCookie(found.business.code), { path: base });
    return redirect(reply, `${base}/details?saved=phone`);
  });

  app.get('/m/:code/freeze', opts, async (request: Req, reply) => {
    const found = await signedIn(request, reply);
    if (!found) return reply;
    return send(
      reply,
      200,
      freezePage(found.me, {
        rules: await rulesOf(found.session),
        formKey: randomUUID(),
        flash: query(request, 'sent') ? 'Your freeze request was sent.' : undefined,
      }),
    );
  });

  app.post('/m/:code/freeze', opts, async (request: Req, reply) => {
    const found = await resolvePost(request, reply);
    if (!found) return reply;
    if (!found.session) return redirect(reply, basePath(found.business.code));
    const f = form(request);
    const values = {
      start_date: text(f, 'start_date', 10),
      end_date: text(f, 'end_date', 10),
      reason: text(f, 'reason', 500),
    };
    const again = async (status: number, errors: FieldErrors) =>
      send(
        reply,
        status,
        freezePage(await pageOf(found.session!), {
          rules: await rulesOf(found.session!),
          errors,
          values,
          formKey: randomUUID(),
        }),
      );
    const parsed = portalFreezeRequestSchema.safeParse(values);
    if (!parsed.success) return again(422, zodFields(parsed.error));
    try {
      await portal.memberFreezeRequest(ctx, found.session, parsed.data, formKey(f));
      return redirect(reply, `${basePath(found.business.code)}/freeze?sent=1`);
    } catch (err) {
      return again(refusal(err).status, fieldErrors(refusal(err)));
    }
  });

  app.get('/m/:code/privacy', opts, async (request: Req, reply) => {
    const found = await signedIn(request, reply);
    if (!found) return reply;
    const done = query(request, 'saved') ? 'Your choice was saved.' : undefined;
    return send(reply, 200, privacyPage(found.me, { flash: done }));
  });

  app.post('/m/:code/privacy/consent', opts, async (request: Req, reply) => {
    const found = await resolvePost(request, reply);
    if (!found) return reply;
    if (!found.session) return redirect(reply, basePath(found.business.code));
    const choice = form(request).marketing_consent;
    if (choice !== 'yes' && choice !== 'no')
      return send(
        reply,
        422,
        privacyPage(await pageOf(found.session), { error: 'Choose Yes or No.' }),
      );
    await portal.updateDetails(ctx, found.session, { marketing_consent: choice });
    return redirect(reply, `${basePath(found.business.code)}/privacy?saved=1`);
  });

  app.get('/m/:code/privacy/export', opts, async (request: Req, reply) => {
    const found = await resolve(request, reply);
    if (!found) return reply;
    if (!found.session) return redirect(reply, basePath(found.business.code));
    const { filename, zip } = await portal.memberExport(ctx, found.session);
    return reply
      .status(200)
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '')}"`)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(Buffer.from(zip));
  });

  app.post('/m/:code/privacy/erase', opts, async (request: Req, reply) => {
    const found = await resolvePost(request, reply);
    if (!found) return reply;
    if (!found.session) return redirect(reply, basePath(found.business.code));
    // Only the confirmation step's form sends the request; anything else asks once more.
    if (form(request).confirm !== 'yes')
      return redirect(reply, `${basePath(found.business.code)}/privacy/erase`);
    await portal.memberErasureRequest(ctx, found.session);
    return redirect(reply, `${basePath(found.business.code)}/privacy`);
  });

  app.get('/m/:code/privacy/erase', opts, async (request: Req, reply) => {
    const found = await signedIn(request, reply);
    if (!found) return reply;
    if (found.me.erasure_requested)
      return redirect(reply, `${basePath(found.business.code)}/privacy`);
    return send(reply, 200, eraseConfirmPage(found.gym));
  });
};

/** The form's own key (a hidden field drawn with the form): a double tap sends it once. */
const formKey = (f: Form): string | undefined => {
  const key = f.idempotency_key;
  return key && /^[A-Za-z0-9-]{8,64}$/.test(key) ? `member-page:${key}` : undefined;
};
