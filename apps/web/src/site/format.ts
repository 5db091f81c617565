import { BLOG_EXCERPT_LENGTH, TIME_ZONE } from '@kora/shared';

const dayFormatter = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

/** An instant as a Lagos calendar day in words: "7 July 2025" ('' when it is not a date). */
export const formatArticleDate = (iso: string): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : dayFormatter.format(at);
};

/** An instant in the form a <time datetime> wants ('' when it is not a date). */
export const isoInstant = (iso: string): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
};

/**
 * A card's excerpt: the first BLOG_EXCERPT_LENGTH characters, then "…". Counted in characters a
 * person sees as one (an emoji is not cut in half); a shorter excerpt is shown whole.
 */
export const cardExcerpt = (excerpt: string, length = BLOG_EXCERPT_LENGTH): string => {
  const chars = Array.from(excerpt.trim());
  return chars.length <= length ? chars.join('') : `${chars.slice(0, length).join('').trimEnd()}…`;
};

/** A meta description: one line, at most about 160 characters. */
export const metaDescription = (text: string, length = 160): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= length ? line : `${line.slice(0, length - 1).trimEnd()}…`;
};

/** A picture address as an absolute URL for Open Graph ('' when it cannot be one). */
export const absoluteUrl = (origin: string, src: string): string => {
  if (/^https?:\/\//i.test(src)) return src;
  return src.startsWith('/') && !src.startsWith('//') ? `${origin}${src}` : '';
};

/** True for a raster picture (PNG, JPEG, WebP, GIF): what link previews can show. */
export const isRasterImage = (src: string): boolean =>
  /\.(png|jpe?g|webp|gif)$/i.test(src.split(/[?#]/)[0] ?? '');
