/*
 * The public site's fixed facts: where its pictures are, whom to write to, and since when the
 * policies apply. Pages read them from here, so a change is made once.
 */

/** The Open Graph picture (1200×630) shared by every page without a picture of its own. */
export const OG_IMAGE_PATH = '/og/kora-1200x630.png';
/** Shown instead of a blog thumbnail that is missing or does not load. */
export const FALLBACK_THUMBNAIL = '/images/blog/fallback.svg';
/** A blog thumbnail's intrinsic size (the pictures are 1200×630, the Open Graph shape). */
export const THUMBNAIL_SIZE = { width: 1200, height: 630 } as const;

export const BRAND_COLOUR = '#0f766e';

export const EMAILS = {
  sales: 'sales@kora.ng',
  privacy: 'privacy@kora.ng',
  support: 'support@kora.ng',
} as const;

/** The day the privacy policy and the terms took effect. */
export const POLICY_EFFECTIVE = { iso: '2025-07-07', text: '7 July 2025' } as const;

/** The landing page's sections, in order: the header links to them from every page. */
export const SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'benefits', label: 'Benefits' },
  { id: 'testimonials', label: 'Testimonials' },
  { id: 'pricing', label: 'Pricing' },
] as const;
