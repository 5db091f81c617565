import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { DROPPED_WITH_CONTENT } from '../../lib/message-content';

/*
 * An article's Markdown as the HTML the site shows: GitHub-flavoured Markdown with single line
 * breaks kept as <br>, then reduced to an allow-list, so raw HTML in the Markdown can never add
 * a script, an event handler, a style or a dangerous link. Rendered once, when the article is
 * published.
 */

const markdown = new Marked({ gfm: true, breaks: true });

/** An https address, or a path on this site (`/images/…`, not `//other.host`). */
export const isSafeImageSource = (src: string): boolean =>
  /^https:\/\/[^\s]+$/i.test(src) || /^\/(?!\/)[^\s]*$/.test(src);

const ALIGN = { name: 'align', values: ['left', 'center', 'right'] };

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'em',
    'del',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'img',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', { name: 'rel', multiple: true, values: ['noopener', 'noreferrer'] }],
    img: ['src', 'alt', 'width', 'height', { name: 'loading', values: ['lazy'] }],
    ol: ['start'],
    th: [ALIGN],
    td: [ALIGN],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The page's h1 is the article's title: a Markdown h1 becomes h2; h5 and h6 become h4.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    s: 'del',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) =>
    // An image without a source it may show is dropped rather than left broken.
    frame.tag === 'img' && !isSafeImageSource(frame.attribs.src ?? ''),
  // Dropped with everything inside them (other unknown tags keep their text).
  nonTextTags: DROPPED_WITH_CONTENT,
};

/** Sanitises HTML to the article allow-list (idempotent). */
const sanitizeArticleHtml = (html: string): string => sanitizeHtml(html, SANITIZE);

/** An article's Markdown rendered and sanitised: what `content_html` stores. */
export const renderArticle = (source: string): string =>
  sanitizeArticleHtml(markdown.parse(source, { async: false })).trim();
