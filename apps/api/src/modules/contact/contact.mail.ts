import { MEMBER_COUNT_OPTIONS, PRODUCT_NAME } from '@kora/shared';
import { escapeHtml } from '../../lib/html';
import { emailLayout, type EmailContent } from '../../lib/mail-templates';
import type { TicketRow } from './contact.repository';

type Ticket = Pick<
  TicketRow,
  | 'ticketCode'
  | 'businessName'
  | 'businessEmail'
  | 'memberStats'
  | 'features'
  | 'howYouFoundUs'
  | 'contactNumber'
  | 'additionalInformation'
>;

const memberCountLabel = (value: string) =>
  MEMBER_COUNT_OPTIONS.find((o) => o.value === value)?.label ?? value;

/** The e-mail the sales team gets for a contact request: every field, in text and HTML. */
export const salesRequestEmail = (ticket: Ticket): EmailContent => {
  const fields: [string, string][] = [
    ['Ticket ID', ticket.ticketCode],
    ['Business name', ticket.businessName],
    ['Business e-mail', ticket.businessEmail],
    ['Phone number', ticket.contactNumber ?? 'Not given'],
    ['Members', memberCountLabel(ticket.memberStats)],
    ['Needs help with', ticket.features.join(', ')],
    ['Heard about us from', ticket.howYouFoundUs],
  ];
  const message = ticket.additionalInformation ?? 'No message.';
  const subject = `Sales request ${ticket.ticketCode}: ${ticket.businessName}`;
  const text = [
    `A new sales request came in through the ${PRODUCT_NAME} website.`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    message,
    '',
    `Reply to this e-mail to answer ${ticket.businessEmail}.`,
  ].join('\n');
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#6b7280;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:6px 0;vertical-align:top">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = emailLayout({
    title: subject,
    preheader: `${ticket.businessName} (${memberCountLabel(ticket.memberStats)})`,
    body: `<p>A new sales request came in through the ${PRODUCT_NAME} website.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.5">
${rows}
</table>
<p style="margin:20px 0 6px;color:#6b7280">Message</p>
<p style="margin:0;white-space:pre-wrap">${escapeHtml(message)}</p>
<p style="margin-top:24px">Reply to this e-mail to answer ${escapeHtml(ticket.businessEmail)}.</p>`,
  });
  return { subject, text, html };
};
