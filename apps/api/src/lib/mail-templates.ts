import { PRODUCT_NAME } from '@kora/shared';
import { escapeHtml } from './html';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const BRAND = '#0f766e';

/** One column, system fonts, readable on a small phone: a header, the body, a footer. */
const frame = (opts: {
  title: string;
  preheader: string;
  header: string;
  body: string;
  footer: string;
}): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(opts.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
${opts.header}
<tr><td style="padding:28px 24px;font-size:16px;line-height:1.55">${opts.body}</td></tr>
<tr><td style="padding:16px 24px;background:#f9fafb;color:#6b7280;font-size:12px;line-height:1.5">${opts.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

/**
 * Kora's e-mail frame, for Kora's own mail to the people who use Kora (verification codes,
 * invitations, password resets, sales): Kora's name, and a footer about their Kora account.
 */
export const emailLayout = (opts: { title: string; preheader: string; body: string }): string =>
  frame({
    ...opts,
    header: `<tr><td style="background:${BRAND};padding:20px 24px;color:#ffffff;font-size:22px;font-weight:700;letter-spacing:.5px">${PRODUCT_NAME}</td></tr>`,
    footer: `${PRODUCT_NAME}: membership, subscriptions and payments for gyms in Nigeria.<br>You received this e-mail because of an action on your ${PRODUCT_NAME} account.`,
  });

/** The gym a member's e-mail comes from: its name, and its logo as an absolute URL or null. */
export interface GymBrand {
  name: string;
  logoUrl: string | null;
}

/**
 * A stored logo URL as an e-mail can load it: an uploaded file's relative address
 * (`/uploads/…`, served by Kora) on the app's own address; an http(s) URL as it is; anything
 * else none.
 */
export const absoluteLogoUrl = (url: string | null | undefined, appUrl: string): string | null => {
  if (!url) return null;
  if (/^https?:\/\/[^\s"'<>]+$/i.test(url)) return url;
  if (/^\/(?!\/)[^\s"'<>]*$/.test(url) && /^https?:\/\//i.test(appUrl))
    return `${appUrl.replace(/\/+$/, '')}${url}`;
  return null;
};

/**
 * The frame of what a gym sends its members (messages, renewal reminders): the gym's logo and
 * name, never Kora's, and a footer saying why the member receives it. Members have no Kora
 * account, so nothing speaks of one.
 */
export const memberEmailLayout = (opts: {
  gym: GymBrand;
  title: string;
  preheader: string;
  body: string;
}): string => {
  const name = escapeHtml(opts.gym.name);
  const logo = opts.gym.logoUrl
    ? `<img src="${escapeHtml(opts.gym.logoUrl)}" alt="" height="40" style="height:40px;max-width:160px;vertical-align:middle;margin-right:12px;border:0">`
    : '';
  return frame({
    title: opts.title,
    preheader: opts.preheader,
    body: opts.body,
    header: `<tr><td style="padding:18px 24px;border-bottom:1px solid #e5e7eb;font-size:20px;font-weight:700;color:#1f2933">${logo}<span style="vertical-align:middle">${name}</span></td></tr>`,
    footer: `You received this e-mail as a member of ${name}.`,
  });
};

/** http(s) addresses in already-escaped text, made links (a sentence's final stop left out). */
const linkify = (escaped: string): string =>
  escaped.replace(
    /https?:\/\/[^\s<>"']+?(?=[.,;:!?)]*(?:\s|$))/g,
    (url) => `<a href="${url}" style="color:${BRAND}">${url}</a>`,
  );

/**
 * A gym's plain-text message to a member as the HTML of its e-mail: the text's paragraphs
 * (blank lines between them, line breaks kept, web addresses made links) in the gym's frame.
 */
export const memberTextEmail = (opts: { gym: GymBrand; subject: string; text: string }): string =>
  memberEmailLayout({
    gym: opts.gym,
    title: opts.subject,
    preheader: opts.text.replace(/\s+/g, ' ').slice(0, 120),
    body: opts.text
      .split(/\n{2,}/)
      .map((p) => `<p>${linkify(escapeHtml(p)).replace(/\n/g, '<br>')}</p>`)
      .join(''),
  });

const button = (url: string, label: string): string =>
  `<p style="margin:28px 0"><a href="${escapeHtml(url)}" style="background:${BRAND};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#6b7280;word-break:break-all">Or open this link: ${escapeHtml(url)}</p>`;

export const verificationCodeEmail = (firstName: string, code: string): EmailContent => ({
  subject: `Your ${PRODUCT_NAME} verification code: ${code}`,
  text: `Hello ${firstName},\n\nYour ${PRODUCT_NAME} verification code is ${code}.\nIt expires in 15 minutes.\n\nIf you did not sign up for ${PRODUCT_NAME}, ignore this e-mail.`,
  html: emailLayout({
    title: 'Verify your e-mail',
    preheader: `Your verification code is ${code}`,
    body: `<p>Hello ${escapeHtml(firstName)},</p>
<p>Use this code to verify your e-mail address:</p>
<p style="font-size:32px;font-weight:700;letter-spacing:6px;margin:24px 0">${code}</p>
<p>It expires in 15 minutes. If you did not sign up for ${PRODUCT_NAME}, ignore this e-mail.</p>`,
  }),
});

export const resetPasswordEmail = (firstName: string, url: string): EmailContent => ({
  subject: `Reset your ${PRODUCT_NAME} password`,
  text: `Hello ${firstName},\n\nSomeone asked to reset the password of your ${PRODUCT_NAME} account. Open this link to choose a new one (valid for 1 hour, once):\n${url}\n\nIf it was not you, ignore this e-mail: your password stays the same.`,
  html: emailLayout({
    title: 'Reset your password',
    preheader: 'Choose a new password (link valid for 1 hour)',
    body: `<p>Hello ${escapeHtml(firstName)},</p>
<p>Someone asked to reset the password of your ${PRODUCT_NAME} account. The link is valid for 1 hour and works once.</p>
${button(url, 'Choose a new password')}
<p>If it was not you, ignore this e-mail: your password stays the same.</p>`,
  }),
});

export const invitationEmail = (opts: {
  businessName: string;
  inviterName: string;
  role: string;
  url: string;
}): EmailContent => ({
  subject: `You're invited to ${opts.businessName} on ${PRODUCT_NAME}`,
  text: `Hello,\n\n${opts.inviterName} invited you to join ${opts.businessName} on ${PRODUCT_NAME} as ${opts.role}.\nSet up your account here (valid for 7 days, once):\n${opts.url}`,
  html: emailLayout({
    title: `Join ${opts.businessName}`,
    preheader: `${opts.inviterName} invited you to ${opts.businessName}`,
    body: `<p>Hello,</p>
<p>${escapeHtml(opts.inviterName)} invited you to join <strong>${escapeHtml(opts.businessName)}</strong> on ${PRODUCT_NAME} as <strong>${escapeHtml(opts.role)}</strong>.</p>
${button(opts.url, 'Set up your account')}
<p>The link is valid for 7 days and works once.</p>`,
  }),
});
