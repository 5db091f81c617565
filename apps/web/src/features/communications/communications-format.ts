import {
  COMMS_CHANNELS,
  COMMS_GROUPS,
  SCHEDULE_MIN_MINUTES,
  type CommunicationChannel,
  type CommunicationStatus,
  type Communication,
  type Delivery,
} from '@kora/shared';

type DeliveryStatus = Delivery['status'];
import { formatDateTime } from '@/lib/format';

/** What the communications screens say. */
export const COMMUNICATIONS_TEXTS = {
  listFailed: 'An error occurred while fetching communications.',
  none: 'No communications sent yet',
  noneText: 'Send your members a message by email, SMS or WhatsApp.',
  sendFailedTitle: 'Failed to send message',
  sendFailed: 'An error occurred while sending the message. Please try again.',
  sent: 'Message sent successfully!',
  scheduledText: 'Your message has been scheduled.',
  sendingText: 'Your message is being delivered to recipients.',
  notFound: 'Message not found',
  detailFailed: 'An error occurred while fetching the message.',
  deliveriesFailed: 'An error occurred while fetching the message results.',
  actionFailed: 'An error occurred. Please try again.',
  noDeliveries: 'No recipients to show.',
} as const;

/** The message pages: their list, and what they say when the message is not there. */
export const COMMUNICATION_RECORD = {
  ...COMMUNICATIONS_TEXTS,
  list: 'communications',
  back: 'Back to Communications',
};

/** After a message is sent, the list opens this long after the banner shows. */
export const COMMUNICATION_SENT_REDIRECT_MS = 3_000;

/** The list's Message column: this many characters of the text, then "…". */
const MESSAGE_PREVIEW_CHARS = 50;

/** A group's label ("All Members"); the key itself when unknown. */
export const groupLabel = (key: string) => COMMS_GROUPS.find((g) => g.key === key)?.label ?? key;

/** A channel's label ("WhatsApp"); the key itself when unknown. */
export const channelLabel = (key: string) =>
  COMMS_CHANNELS.find((c) => c.key === key)?.label ?? key;

export const CHANNEL_COLORS: Record<CommunicationChannel, string> = {
  email: 'blue',
  sms: 'orange',
  whatsapp: 'teal',
};

/**
 * A recipient's delivery in words. Sent by a provider and kept in the local outbox (no
 * provider configured) both read Delivered, as the Delivered filter counts them.
 */
export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  sent: 'Delivered',
  stored: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const STATUS_COLORS: Record<CommunicationStatus, string> = {
  SENT: 'green',
  SCHEDULED: 'blue',
  FAILED: 'red',
  SENDING: 'gray',
  CANCELLED: 'gray',
};

/**
 * The visible text of a message's HTML: tags dropped (a paragraph or a line break as a space),
 * entities read, spaces collapsed.
 */
export const htmlText = (html: string): string => {
  const spaced = html.replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, ' ');
  const text =
    typeof DOMParser === 'undefined'
      ? spaced.replace(/<[^>]*>/g, ' ')
      : (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '');
  return text.replace(/\s+/g, ' ').trim();
};

/** The first 50 characters of a message's text, with "…" when there is more. */
export const messagePreview = (html: string): string => {
  const text = htmlText(html);
  return text.length > MESSAGE_PREVIEW_CHARS ? `${text.slice(0, MESSAGE_PREVIEW_CHARS)}…` : text;
};

/** The Scheduled column: the date and time, "Yes" when scheduled without one, else "No". */
export const scheduledLabel = (m: Pick<Communication, 'is_scheduled' | 'schedule_date'>) =>
  m.is_scheduled ? (m.schedule_date ? formatDateTime(m.schedule_date) : 'Yes') : 'No';

/** A scheduled message whose time has come: the server is about to send it. */
export const isDue = (m: Pick<Communication, 'status' | 'schedule_date'>, now = Date.now()) =>
  m.status === 'SCHEDULED' && m.schedule_date !== null && Date.parse(m.schedule_date) <= now;

/** Lagos is UTC+1 all year. */
const LAGOS_OFFSET_MS = 60 * 60_000;

/** An instant as a datetime-local value in Lagos time: 'YYYY-MM-DDTHH:mm'. */
export const lagosDateTimeLocal = (at: Date): string =>
  new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);

/** The earliest schedule a message may take: 5 minutes from now, in Lagos time. */
export const scheduleMin = (now = new Date()) =>
  lagosDateTimeLocal(new Date(now.getTime() + SCHEDULE_MIN_MINUTES * 60_000));

/** "This message will go to 12 members" (1 member). */
export const audienceText = (recipients: number) =>
  `This message will go to ${recipients.toLocaleString('en-NG')} ${recipients === 1 ? 'member' : 'members'}`;

/** "3 without a phone number will be skipped"; the e-mail address for e-mail. */
export const skippedText = (skipped: number, channel: CommunicationChannel) =>
  `${skipped.toLocaleString('en-NG')} without ${channel === 'email' ? 'an e-mail address' : 'a phone number'} will be skipped`;

/*
 * The message's HTML comes sanitised from the server; it is shown through this allow-list too
 * (the same one the server applies), so a page never runs what a message holds.
 */
const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'STRIKE',
  'UL',
  'OL',
  'LI',
  'SPAN',
  'A',
]);
const ALIGNS = new Set(['left', 'center', 'right', 'justify']);

const cleanNode = (node: Element) => {
  for (const child of [...node.children]) {
    if (!ALLOWED_TAGS.has(child.tagName)) {
      // A tag not allowed: script and style go whole, others leave their text.
      if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'TEMPLATE'].includes(child.tagName))
        child.remove();
      else {
        cleanNode(child);
        child.replaceWith(...child.childNodes);
      }
      continue;
    }
    const style = (child as HTMLElement).style;
    const fontSize = child.tagName === 'SPAN' ? style.fontSize : '';
    const align = child.tagName === 'P' || child.tagName === 'LI' ? style.textAlign : '';
    const href = child.tagName === 'A' ? (child.getAttribute('href') ?? '') : '';
    for (const attr of [...child.attributes]) child.removeAttribute(attr.name);
    if (/^\d{1,2}(\.\d+)?(px|em|rem|%)$/.test(fontSize))
      child.setAttribute('style', `font-size: ${fontSize}`);
    if (ALIGNS.has(align)) child.setAttribute('style', `text-align: ${align}`);
    if (/^(https?:|mailto:)/i.test(href.trim())) {
      child.setAttribute('href', href.trim());
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
    cleanNode(child);
  }
};

/** A message's HTML reduced to the allowed tags and styles, ready to be shown. */
export const safeMessageHtml = (html: string): string => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  cleanNode(doc.body);
  return doc.body.innerHTML;
};
