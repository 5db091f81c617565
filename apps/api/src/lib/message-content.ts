import { PRODUCT_NAME, SMS_QUIET_HOURS, withoutUnsafeCharacters } from '@kora/shared';
import type { CommunicationChannel, MessagePlaceholder } from '@kora/shared';
// sanitize-html's own parser (a dependency of it, resolvable from apps/api).
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from './html';
import { memberEmailLayout, type GymBrand } from './mail-templates';

/*
 * What a bulk message's HTML becomes for each recipient and channel: the editor's HTML
 * (Mantine's tiptap) is reduced to an allow-list once, then per recipient its placeholders are
 * filled and it is turned into what the channel carries.
 */

/** The values of the placeholders for one recipient (empty strings when unknown). */
export type PlaceholderValues = Record<MessagePlaceholder, string>;

const TEXT_ALIGN = [/^(?:left|center|right|justify)$/];
/** The editor's sizes in rem, or pixels up to 48. */
const FONT_SIZE = [/^(?:0\.75|0\.875|1|1\.125|1\.25|1\.5|2)rem$/, /^(?:[1-9]|[1-3]\d|4[0-8])px$/];

/** Tags removed together with their content by every sanitiser (their text is never shown). */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'title',
  'head',
  'svg',
  'math',
  'xmp',
  'noembed',
  'noframes',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'ul',
    'ol',
    'li',
    'span',
    'a',
  ],
  allowedAttributes: {
    p: ['style'],
    li: ['style'],
    span: ['style'],
    a: [
      'href',
      { name: 'target', values: ['_blank'] },
      { name: 'rel', multiple: true, values: ['noopener', 'noreferrer', 'nofollow'] },
    ],
  },
  allowedStyles: {
    p: { 'text-align': TEXT_ALIGN },
    li: { 'text-align': TEXT_ALIGN },
    span: { 'font-size': FONT_SIZE },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them (other unknown tags keep their text).
  nonTextTags: DROPPED_WITH_CONTENT,
};

/**
 * The editor's HTML reduced to its allow-list: p, br, strong/b, em/i, u, s/strike, ul, ol, li,
 * span (font-size only), text-align on p/li; links only http(s)/mailto; no script, style,
 * event handler, image or any other tag or attribute. Like any stored text it holds no control
 * character but line breaks and tabs: an entity such as `&#27;` decodes to one, and is dropped.
 * Idempotent: a broken tag can leave markup that parses differently the second time
 * (`<p><A</p><p>` gives a paragraph inside a paragraph, which the next pass closes), so it is
 * cleaned again until nothing changes.
 */
export const sanitizeMessageHtml = (html: string): string => {
  const pass = (text: string) => withoutUnsafeCharacters(sanitizeHtml(text, SANITIZE), true);
  let clean = pass(html);
  for (let round = 0; round < 5; round++) {
    const again = pass(clean);
    if (again === clean) break;
    clean = again;
  }
  return clean;
};

/** What one recipient receives on a channel (`html` only for e-mail). */
export interface RenderedMessage {
  subject: string | null;
  text: string;
  html: string | null;
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * Every known `{{ name }}` replaced (once: a value holding braces is not filled again). A value
 * is one line of clean text: a control character or line break it may hold is dropped.
 */
const fill = (text: string, values: PlaceholderValues, encode: (s: string) => string) =>
  text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name)
      ? encode(withoutUnsafeCharacters(values[name as MessagePlaceholder] ?? ''))
      : whole,
  );

const MARKERS: Record<string, string> = {
  strong: '*',
  b: '*',
  em: '_',
  i: '_',
  s: '~',
  strike: '~',
};

/** A line break / blank line kept apart from the spaces of the text until the end. */
const NL = '\u0000';
const INDENT = '\u0001';

/**
 * Sanitised HTML as plain text: paragraphs apart by a blank line, <br> a new line, list items
 * `- item` / `1. item` (nested ones indented), links `text (url)` when the text is not the
 * address. With `markers`, WhatsApp's *bold*, _italic_ and ~strike~.
 */
const htmlToText = (html: string, markers: boolean): string => {
  /** Open inline elements with a marker each collect their text apart, wrapped on close. */
  const buffers: { marker: string | null; text: string }[] = [{ marker: null, text: '' }];
  const lists: { ordered: boolean; n: number }[] = [];
  const links: { href: string; start: number }[] = [];
  /** A just-opened list item: its first paragraph starts on the item's line. */
  let itemStart = false;
  const open = new Map<string, number>();
  const top = () => buffers[buffers.length - 1]!;
  const write = (s: string) => {
    top().text += s;
  };
  const block = (blank: boolean) => {
    write(blank ? NL + NL : NL);
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        switch (name) {
          case 'p':
            if (itemStart) itemStart = false;
            else block(lists.length === 0);
            break;
          case 'br':
            write(NL);
            break;
          case 'ul':
          case 'ol':
            if (lists.length === 0) block(true);
            lists.push({ ordered: name === 'ol', n: 0 });
            break;
          case 'li': {
            const list = lists[lists.length - 1];
            if (!list) break;
            list.n += 1;
            write(NL + INDENT.repeat(lists.length - 1) + (list.ordered ? `${list.n}. ` : '- '));
            itemStart = true;
            break;
          }
          case 'a':
            links.push({
              href: withoutUnsafeCharacters(attribs.href ?? ''),
              start: top().text.length,
            });
            break;
          default: {
            const marker = markers ? MARKERS[name] : undefined;
            if (!marker) break;
            // The same marker already open (<b> in <strong>) is not doubled.
            const depth = open.get(marker) ?? 0;
            open.set(marker, depth + 1);
            buffers.push({ marker: depth === 0 ? marker : null, text: '' });
          }
        }
      },
      ontext(data) {
        // Decoded entities may be control characters, which must not read as the markers above.
        const text = withoutUnsafeCharacters(data, true).replace(/[ \t\n\f\r]+/g, ' ');
        if (text.trim()) itemStart = false;
        write(text);
      },
      onclosetag(name) {
        switch (name) {
          case 'p':
            // In a list item, the next item (or paragraph) starts its own line.
            if (lists.length === 0) block(true);
            break;
          case 'ul':
          case 'ol':
            lists.pop();
            if (lists.length === 0) block(true);
            break;
          case 'li':
            itemStart = false;
            break;
          case 'a': {
            const link = links.pop();
            if (!link) break;
            const label = top().text.slice(link.start).trim();
            const address = link.href.replace(/^mailto:/i, '');
            if (address && label !== address && label !== link.href) write(` (${address})`);
            break;
          }
          default: {
            const marker = markers ? MARKERS[name] : undefined;
            if (!marker || buffers.length === 1) break;
            open.set(marker, (open.get(marker) ?? 1) - 1);
            const closed = buffers.pop()!;
            // A marker must touch its words, and cannot span lines.
            write(
              closed.marker
                ? closed.text
                    .split(NL)
                    .map((line) => {
                      const words = line.trim();
                      if (!words) return line;
                      const lead = /^\s*/.exec(line)![0];
                      const trail = /\s*$/.exec(line)![0];
                      return `${lead}${closed.marker}${words}${closed.marker}${trail}`;
                    })
                    .join(NL)
                : closed.text,
            );
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  // Elements left open by broken HTML.
  while (buffers.length > 1) {
    const rest = buffers.pop()!;
    write(rest.text);
  }
  return top()
    .text.replace(/\u00a0/g, ' ')
    .split(NL)
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replaceAll(INDENT, '  ');
};

/**
 * The sanitised HTML with the recipient's placeholders filled (values escaped in HTML), as the
 * channel needs it: e-mail = HTML (in the gym's frame: its logo and name, never Kora's) + its
 * plain-text part and the subject `Message from {business_name}`; SMS = plain text; WhatsApp =
 * text with *bold*, _italic_, ~strike~. `logoUrl`: the gym's logo as an absolute URL, or null.
 */
export const renderMessage = (
  channel: CommunicationChannel,
  html: string,
  values: PlaceholderValues,
  logoUrl: string | null = null,
): RenderedMessage => {
  const clean = sanitizeMessageHtml(html);
  const text = (markers: boolean) => fill(htmlToText(clean, markers), values, (v) => v);
  if (channel !== 'email') return { subject: null, text: text(channel === 'whatsapp'), html: null };
  const subject = `Message from ${values.business_name || PRODUCT_NAME}`;
  const plain = text(false);
  // Sanitised again once filled: a value can never add markup, nor turn a link's address into
  // something unsafe.
  const body = sanitizeMessageHtml(fill(clean, values, escapeHtml));
  return {
    subject,
    text: plain,
    html: memberEmailLayout({
      gym: { name: values.business_name, logoUrl } satisfies GymBrand,
      title: subject,
      preheader: plain.replace(/\s+/g, ' ').slice(0, 120),
      body,
    }),
  };
};

const LAGOS_OFFSET_MS = 3_600_000; // UTC+1 all year (no daylight saving)

/** When a promotional SMS queued at `at` may go: `at` outside 8 pm – 8 am Lagos, else 8:00 next. */
export const quietHoursRelease = (at: Date): Date => {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const hour = lagos.getUTCHours();
  if (hour >= SMS_QUIET_HOURS.to && hour < SMS_QUIET_HOURS.from) return at;
  const day = lagos.getUTCDate() + (hour >= SMS_QUIET_HOURS.from ? 1 : 0);
  return new Date(
    Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), day, SMS_QUIET_HOURS.to) -
      LAGOS_OFFSET_MS,
  );
};
