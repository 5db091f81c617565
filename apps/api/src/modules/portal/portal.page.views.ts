import {
  durationLabel,
  formatDay,
  formatNaira,
  formatPhone,
  TIME_ZONE,
  type FreezeRulesOfPlan,
} from '@kora/shared';
import { escapeHtml } from '../../lib/html';
import type { PayInstead } from '../business';
import {
  basePath,
  errorLine,
  field,
  layout,
  PAGE_TEXTS,
  safeUrl,
  type PageGym,
} from './portal.page.html';
import { ERASE_TEXTS } from './portal.page.erase';
import { payInsteadSection } from './portal.page.pay-instead';

/*
 * The signed-in member's pages: home (verdict, plan, visits, payments, reminders), the card,
 * renewal, details, freeze and privacy. Pure functions of what the portal's service answers.
 */

/** What the pages read of the portal's `PortalMe` answer (the same fields, by name). */
export interface PageMe {
  business: PageGym & { paystack_connected: boolean };
  member: {
    first_name: string;
    last_name: string;
    member_id: string;
    mobile_number: string | null;
    email_address: string | null;
    home_address: string | null;
    emergency_contact_name: string | null;
    emergency_contact_number: string | null;
    emergency_contact_relationship: string | null;
    reminders_opt_out: boolean;
    marketing_consent: string;
    card_code: string | null;
  };
  verdict: { tone: 'green' | 'amber' | 'red'; title: string };
  current: {
    plan_name: string;
    start_date: string;
    expiry_date: string;
    covered_by: string | null;
    covers: string[];
  } | null;
  freezes: {
    id: number;
    start_date: string;
    end_date: string;
    days: number;
    reason: string | null;
    status: string;
  }[];
  visits: { visited_at: string }[];
  payments: {
    receipt_number: string | number | null;
    amount: number;
    paid_on: string;
    plan_name: string | null;
    method: string;
    receipt_url: string | null;
    voided: boolean;
    refunded: boolean;
  }[];
  reminders: { sent_at: string; channel: string }[];
  erasure_requested: boolean;
}

export interface PagePlan {
  id: number;
  name: string;
  amount: number;
  duration: number;
  duration_type: string;
}

const timeFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "27 Nov 2026, 14:05" in Lagos time. */
const formatInstant = (at: string): string => {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? '' : timeFormatter.format(d);
};

const h = escapeHtml;

/** An amount in naira, kept on one line ("₦25,000" never breaks inside, even at 375 px). */
const amount = (kobo: number) => `<span class="amount">${h(formatNaira(kobo))}</span>`;

const notice = (text: string | undefined) =>
  text ? `<p class="notice" role="status">${h(text)}</p>` : '';

/** "1 month", "3 months", "2 weeks". */
const CHANNELS: Record<string, string> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
};

const FREEZE_STATES: Record<string, string> = {
  requested: 'Waiting for the gym',
  approved: 'Approved',
  declined: 'Declined',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

/** A form's own key, drawn with it: sending the same form twice does the thing once. */
const keyField = (key: string | undefined) =>
  key ? `<input type="hidden" name="idempotency_key" value="${h(key)}">` : '';

const rows = (items: string[], empty: string) =>
  items.length ? `<ul class="rows">${items.join('')}</ul>` : `<p class="note">${h(empty)}</p>`;

/** Signed in: the verdict as the desk says it, the plan and its cover, visits, payments, reminders. */
export const homePage = (me: PageMe, opts: { flash?: string } = {}): string => {
  const gym = me.business;
  const base = basePath(gym.code);
  const c = me.current;
  const plan = c
    ? '<dl>' +
      `<dt>Plan</dt><dd>${h(c.plan_name)}</dd>` +
      `<dt>Started</dt><dd>${h(formatDay(c.start_date))}</dd>` +
      `<dt>Ends</dt><dd>${h(formatDay(c.expiry_date))}</dd>` +
      (c.covered_by ? `<dt>Paid by</dt><dd>${h(c.covered_by)}</dd>` : '') +
      (c.covers.length ? `<dt>Also covers</dt><dd>${h(c.covers.join(', '))}</dd>` : '') +
      '</dl>'
    : '<p>You have no running plan.</p>';
  const visits = me.visits.map((v) => `<li><span>${h(formatInstant(v.visited_at))}</span></li>`);
  const payments = me.payments.map((p) => {
    const url = safeUrl(p.receipt_url);
    const state = p.voided ? ' (voided)' : p.refunded ? ' (refunded)' : '';
    const label = `${formatDay(p.paid_on)} · ${p.plan_name ?? 'Payment'}${state}`;
    return (
      `<li><span>${url ? `<a href="${h(url)}">${h(label)}</a>` : h(label)}</span>` +
      `${amount(p.amount)}</li>`
    );
  });
  const reminders = me.reminders.map(
    (r) =>
      `<li><span>${h(formatInstant(r.sent_at))}</span><span>${h(CHANNELS[r.channel] ?? r.channel)}</span></li>`,
  );
  return layout({
    title: 'My membership',
    gym,
    nav: 'home',
    body:
      notice(opts.flash) +
      `<section><h1>Hi ${h(me.member.first_name)}</h1>` +
      `<p class="verdict ${me.verdict.tone}">${h(me.verdict.title)}</p>` +
      plan +
      `<p class="note">Member ID ${h(me.member.member_id)}</p>` +
      `<a class="button" href="${base}/card">Show my card</a>` +
      // Without online payments the renew page says how to pay instead.
      `<a class="button secondary" href="${base}/renew">${gym.paystack_connected ? 'Renew my plan' : 'How to renew'}</a>` +
      '</section>' +
      `<section><h2>Visits</h2>${rows(visits, 'No visits yet.')}</section>` +
      `<section><h2>Payments</h2>${rows(payments, 'No payments yet.')}</section>` +
      `<section><h2>Reminders sent</h2>${rows(reminders, 'No reminders sent.')}</section>`,
  });
};

/**
 * The card at full width: the QR code the desk scans (inline SVG), and the member's name;
 * `after`: what follows it (the kiosk PIN section), `flash` a notice above.
 */
export const cardPage = (
  me: PageMe,
  qrSvg: string | null,
  opts: { after?: string; flash?: string } = {},
): string =>
  layout({
    title: 'My card',
    gym: me.business,
    nav: 'card',
    bodyClass: 'card-page',
    body:
      notice(opts.flash) +
      `<section><h1>${h(me.member.first_name)} ${h(me.member.last_name)}</h1>` +
      (qrSvg
        ? `<div class="qr" role="img" aria-label="Your member card’s QR code">${qrSvg}</div>` +
          `<p><strong>${h(PAGE_TEXTS.brightness)}</strong></p>` +
          '<p class="note">Show this code at the front desk to check in.</p>'
        : `<p>You have no member card yet. Ask ${h(me.business.name)} at the front desk.</p>`) +
      `<p class="note">Member ID ${h(me.member.member_id)}</p></section>` +
      (opts.after ?? ''),
  });

const MAX_PERIODS = 12;

/** Paying at the desk only: no phone, no bank account given. */
const NOTHING_ELSE: PayInstead = { phone: null, bank: null };

/** The plans a member may buy online, how many periods, then Paystack. */
export const renewPage = (
  me: PageMe,
  plans: PagePlan[],
  opts: {
    error?: string;
    selected?: number;
    periods?: number;
    formKey?: string;
    /** Without online payments: how to pay instead (the gym's phone and bank account). */
    payInstead?: PayInstead;
  } = {},
): string => {
  const gym = me.business;
  const base = basePath(gym.code);
  let body: string;
  if (!gym.paystack_connected)
    body =
      `<p>${h(PAGE_TEXTS.notOnline)}</p>` +
      payInsteadSection(gym.name, me.member.member_id, opts.payInstead ?? NOTHING_ELSE);
  else if (!plans.length)
    body = `<p>${h(gym.name)} has no plans to buy online yet. Ask at the front desk.</p>`;
  else {
    const selected = opts.selected ?? plans[0]!.id;
    const options = plans
      .map(
        (p) =>
          `<label class="check"><input type="radio" name="subscription_type_id" value="${p.id}"` +
          `${p.id === selected ? ' checked' : ''}>` +
          `<span>${h(p.name)}: ${amount(p.amount)} for ${h(durationLabel(p.duration, p.duration_type))}</span></label>`,
      )
      .join('');
    const periods = Array.from({ length: MAX_PERIODS }, (_, i) => i + 1)
      .map(
        (n) =>
          `<option value="${n}"${n === (opts.periods ?? 1) ? ' selected' : ''}>${n} ${n === 1 ? 'period' : 'periods'}</option>`,
      )
      .join('');
    body =
      `<form method="post" action="${base}/renew">` +
      keyField(opts.formKey) +
      `<fieldset><legend>Plan</legend>${options}</fieldset>` +
      `<label for="f-duration">How many periods</label><select id="f-duration" name="duration">${periods}</select>` +
      errorLine(opts.error) +
      '<button type="submit">Continue to payment</button></form>' +
      `<p class="note">You pay on Paystack’s secure page. The money goes straight to ${h(gym.name)}.</p>`;
  }
  return layout({
    title: 'Renew',
    gym,
    nav: 'renew',
    body: `<section><h1>Renew my plan</h1>${body}</section>`,
  });
};

export type FieldErrors = Record<string, string | undefined>;

/** The member's own details, and the phone number change with its code step. */
export const detailsPage = (
  me: PageMe,
  opts: {
    errors?: FieldErrors;
    values?: Record<string, string | undefined>;
    phoneTo?: string;
    phoneError?: string;
    flash?: string;
  } = {},
): string => {
  const base = basePath(me.business.code);
  const m = me.member;
  const e = opts.errors ?? {};
  const v = (name: keyof PageMe['member']) =>
    opts.values?.[name] ?? (m[name] as string | null) ?? '';
  const phone = opts.phoneTo
    ? `<p>We sent a code to ${h(formatPhone(opts.phoneTo))}.</p>` +
      `<form method="post" action="${base}/details/phone/verify" novalidate>` +
      field({
        name: 'code',
        label: '6-digit code',
        error: opts.phoneError,
        autocomplete: 'one-time-code',
        inputmode: 'numeric',
        maxlength: 6,
      }) +
      '<button type="submit">Change my number</button></form>'
    : `<p>Now ${h(formatPhone(m.mobile_number) || 'none')}.</p>` +
      `<form method="post" action="${base}/details/phone" novalidate>` +
      field({
        name: 'mobile_number',
        label: 'New phone number',
        type: 'tel',
        error: opts.phoneError,
        autocomplete: 'tel',
        maxlength: 20,
      }) +
      '<button class="secondary" type="submit">Send a code to the new number</button></form>';
  return layout({
    title: 'My details',
    gym: me.business,
    nav: 'details',
    body:
      notice(opts.flash) +
      '<section><h1>My details</h1>' +
      `<form method="post" action="${base}/details" novalidate>` +
      field({
        name: 'email_address',
        label: 'E-mail',
        type: 'email',
        value: v('email_address'),
        error: e.email_address,
        autocomplete: 'email',
      }) +
      field({
        name: 'home_address',
        label: 'Home address',
        value: v('home_address'),
        error: e.home_address,
        autocomplete: 'street-address',
      }) +
      field({
        name: 'emergency_contact_name',
        label: 'Emergency contact',
        value: v('emergency_contact_name'),
        error: e.emergency_contact_name,
      }) +
      field({
        name: 'emergency_contact_number',
        label: 'Emergency contact’s phone',
        type: 'tel',
        value: v('emergency_contact_number'),
        error: e.emergency_contact_number,
        maxlength: 20,
      }) +
      field({
        name: 'emergency_contact_relationship',
        label: 'Relationship',
        value: v('emergency_contact_relationship'),
        error: e.emergency_contact_relationship,
      }) +
      `<label class="check"><input type="checkbox" name="reminders_opt_out" value="yes"${m.reminders_opt_out ? ' checked' : ''}>` +
      '<span>Do not send me renewal reminders</span></label>' +
      errorLine(e.message) +
      '<button type="submit">Save my details</button></form></section>' +
      `<section><h2>Phone number</h2>${phone}</section>`,
  });
};

/** The freeze rules of the member's plan (the plan answer's fields and its name). */
export type FreezeRules = FreezeRulesOfPlan & { plan_name: string };

/** The freeze rules of the member's plan, in words (as many as the plan sets). */
export const freezeRulesInWords = (r: FreezeRules): string[] => {
  if (!r.freeze_allowed) return [`${r.plan_name} does not allow freezing.`];
  const out: string[] = [];
  if (r.freeze_min_days) out.push(`A freeze must be at least ${r.freeze_min_days} days.`);
  if (r.freeze_max_days) out.push(`A freeze can be at most ${r.freeze_max_days} days.`);
  if (r.freeze_max_per_year) out.push(`At most ${r.freeze_max_per_year} freezes a year.`);
  if (r.freeze_max_days_per_year)
    out.push(`At most ${r.freeze_max_days_per_year} frozen days a year.`);
  out.push(r.freeze_fee ? `Each freeze costs ${formatNaira(r.freeze_fee)}.` : 'Freezing is free.');
  out.push('Your plan’s end date moves by the days you are frozen.');
  return out;
};

/** Ask for a freeze: the plan's rules, from/to/reason, and the state of earlier requests. */
export const freezePage = (
  me: PageMe,
  opts: {
    rules?: FreezeRules | null;
    errors?: FieldErrors;
    values?: Record<string, string | undefined>;
    flash?: string;
    formKey?: string;
  } = {},
): string => {
  const base = basePath(me.business.code);
  const e = opts.errors ?? {};
  const rules = opts.rules
    ? `<ul>${freezeRulesInWords(opts.rules)
        .map((r) => `<li>${h(r)}</li>`)
        .join('')}</ul>`
    : `<p>${h(me.business.name)} checks your request against your plan’s freeze rules. ` +
      'Your plan’s end date moves by the days you are frozen.</p>';
  const list = me.freezes.map(
    (f) =>
      `<li><span>${h(formatDay(f.start_date))} – ${h(formatDay(f.end_date))} (${f.days} days)</span>` +
      `<span>${h(FREEZE_STATES[f.status] ?? f.status)}</span></li>`,
  );
  return layout({
    title: 'Freeze',
    gym: me.business,
    nav: 'freeze',
    body:
      notice(opts.flash) +
      '<section><h1>Freeze my membership</h1>' +
      rules +
      (me.current
        ? `<form method="post" action="${base}/freeze" novalidate>` +
          keyField(opts.formKey) +
          field({
            name: 'start_date',
            label: 'First frozen day',
            type: 'date',
            value: opts.values?.start_date,
            error: e.start_date,
          }) +
          field({
            name: 'end_date',
            label: 'Last frozen day',
            type: 'date',
            value: opts.values?.end_date,
            error: e.end_date,
          }) +
          '<label for="f-reason">Reason</label>' +
          `<textarea id="f-reason" name="reason" maxlength="500"${e.reason ? ' aria-invalid="true" aria-describedby="f-reason-error"' : ''}>` +
          `${h(opts.values?.reason ?? '')}</textarea>` +
          errorLine(e.reason, 'f-reason-error') +
          errorLine(e.message) +
          '<button type="submit">Ask for a freeze</button></form>'
        : '<p>You have no running plan to freeze.</p>') +
      '</section>' +
      `<section><h2>My freezes</h2>${rows(list, 'No freezes yet.')}</section>`,
  });
};

const CONSENT_WORDS: Record<string, string> = {
  yes: 'Yes',
  no: 'No',
  not_asked: 'Not chosen yet',
};

/** Offers and news (yes/no), download my data, erase my data. */
export const privacyPage = (me: PageMe, opts: { flash?: string; error?: string } = {}): string => {
  const gym = me.business;
  const base = basePath(gym.code);
  const consent = me.member.marketing_consent;
  const radio = (value: 'yes' | 'no', label: string) =>
    `<label class="check"><input type="radio" name="marketing_consent" value="${value}"${consent === value ? ' checked' : ''}>` +
    `<span>${label}</span></label>`;
  return layout({
    title: 'Privacy',
    gym,
    nav: 'privacy',
    body:
      notice(opts.flash) +
      errorLine(opts.error) +
      '<section><h1>Offers and news</h1>' +
      `<form method="post" action="${base}/privacy/consent">` +
      `<fieldset><legend>${h(PAGE_TEXTS.consentQuestion(gym.name))}</legend>` +
      radio('yes', 'Yes') +
      radio('no', 'No') +
      '</fieldset>' +
      `<p class="note">Your choice now: ${h(CONSENT_WORDS[consent] ?? consent)}. Service notices (opening hours, renewals) still reach you.</p>` +
      '<button type="submit">Save my choice</button></form></section>' +
      '<section><h2>My data</h2>' +
      `<p>Download everything ${h(gym.name)} holds about you: your details, plans, payments, visits and messages.</p>` +
      `<a class="button secondary" href="${base}/privacy/export" download>Download my data</a></section>` +
      '<section><h2>Erase my data</h2>' +
      (me.erasure_requested
        ? `<p class="notice">${h(PAGE_TEXTS.erasureSent(gym.name))}. They will erase your name, phone, e-mail, address and photo; payments stay in their books without your name.</p>`
        : `<p>Ask ${h(gym.name)} to erase your name, phone, e-mail, address and photo. Your payments stay in their books without your name, and your membership ends.</p>` +
          // A link to the step that asks once more: only that step's form sends the request.
          `<a class="button secondary" href="${base}/privacy/erase">${h(ERASE_TEXTS.ask)}</a>`) +
      '</section>',
  });
};
