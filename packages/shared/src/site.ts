import { z } from 'zod';
import { LIMITS, email } from './common';
import { answerOf, contract, pageOf } from './contract';
import { optionalTextField, searchText, textField } from './text';

/*
 * The public site's calls: the blog (articles published from Markdown by the `kora publish`
 * command) and the sales contact form. Both are public.
 */

// ---------------------------------------------------------------------------------------------
// Blog

/** Cards show this many characters of an article's excerpt, then an ellipsis. */
export const BLOG_EXCERPT_LENGTH = 150;
/** Articles on one page of the blog. */
export const BLOG_PAGE_SIZE = 12;

export const BLOG_LIMITS = {
  slug: 120,
  title: 200,
  excerpt: 500,
  /** The Markdown source of one article. */
  content: 200_000,
} as const;

/** A slug: lower-case letters, digits and single hyphens (`how-to-keep-members`). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An article as the blog's cards show it. */
const blogArticleSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** An image URL (absolute, or a path on this site); null shows the fallback picture. */
  thumbnail: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlogArticleSummary = z.infer<typeof blogArticleSummarySchema>;

/**
 * A whole article: `content` is its Markdown source; `content_html` is that Markdown rendered
 * and sanitised by the server (line breaks kept as breaks), safe to put in a page as it is.
 */
const blogArticleSchema = blogArticleSummarySchema.extend({
  content: z.string(),
  content_html: z.string(),
});
export type BlogArticle = z.infer<typeof blogArticleSchema>;

const blogListQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int({ error: 'Page must be a whole number' })
    .min(1, { error: 'Page must be at least 1' })
    .max(100_000, { error: 'Page is too large' })
    .default(1),
  per_page: z.coerce
    .number({ error: 'Page size must be a number' })
    .int({ error: 'Page size must be a whole number' })
    .min(1, { error: 'Page size must be at least 1' })
    .max(50, { error: 'Page size must be at most 50' })
    .default(BLOG_PAGE_SIZE),
});

const blogSlugParams = z.object({
  slug: searchText('Slug', BLOG_LIMITS.slug),
});

/** What `kora publish` reads from an article's front matter and body. */
export const publishArticleSchema = z.object({
  title: textField({ label: 'Title', min: 2, max: BLOG_LIMITS.title }),
  slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .max(BLOG_LIMITS.slug, { error: `Slug must be at most ${BLOG_LIMITS.slug} characters` })
    .regex(SLUG_PATTERN, {
      error: 'Slug must be lower-case letters, digits and hyphens (e.g. keep-members-longer)',
    }),
  excerpt: textField({ label: 'Excerpt', min: 10, max: BLOG_LIMITS.excerpt, multiLine: true }),
  thumbnail: optionalTextField({ label: 'Thumbnail', max: LIMITS.url }),
  content: textField({
    label: 'Content',
    min: 1,
    max: BLOG_LIMITS.content,
    multiLine: true,
    minMessage: 'Content is required (the article below the front matter)',
  }),
});
export type PublishArticleInput = z.infer<typeof publishArticleSchema>;

export const blogContracts = {
  list: contract({
    method: 'GET',
    path: '/v1/blog_articles',
    operationId: 'listBlogArticles',
    summary: 'Published blog articles, newest first (without their content)',
    tag: 'site',
    access: 'public',
    query: blogListQuery,
    answer: pageOf(blogArticleSummarySchema),
  }),
  bySlug: contract({
    method: 'GET',
    path: '/v1/blog_articles/slug/:slug',
    operationId: 'getBlogArticle',
    summary: 'One article by its slug (404 Article Not Found)',
    tag: 'site',
    access: 'public',
    params: blogSlugParams,
    answer: answerOf(blogArticleSchema),
  }),
};

export const ARTICLE_NOT_FOUND = 'Article Not Found';
export const ARTICLES_LOAD_FAILED = 'Unable to Load Articles';
export const NO_ARTICLES = 'No Articles Yet';

// ---------------------------------------------------------------------------------------------
// Contact (sales)

/** The member-count choices of the form and the value each sends. */
export const MEMBER_COUNT_OPTIONS = [
  { value: '<50', label: 'Less than 50 members' },
  { value: '50-100', label: '50 to 100 members' },
  { value: '100-200', label: '100 to 200 members' },
  { value: '200-500', label: '200 to 500 members' },
  { value: '500+', label: 'More than 500 members' },
] as const;
const MEMBER_COUNTS = MEMBER_COUNT_OPTIONS.map((o) => o.value) as [
  (typeof MEMBER_COUNT_OPTIONS)[number]['value'],
  ...(typeof MEMBER_COUNT_OPTIONS)[number]['value'][],
];

/**
 * The areas a gym can ask help with: the form's key and the text sent for it. "other" sends
 * what the visitor typed instead.
 */
export const CONTACT_NEEDS = [
  { key: 'member-management', label: 'Streamlined membership management' },
  { key: 'subscription-automation', label: 'Automated Payment Processing' },
  { key: 'attendance-tracking', label: 'Member Retention Tools' },
  { key: 'gym-growth-strategy', label: 'Gym growth strategy' },
  { key: 'other', label: 'Other' },
] as const;

/** Where the visitor heard of us: the text sent; "other" sends what they typed. */
export const DISCOVERY_SOURCES = [
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'Twitter (X)' },
  { key: 'youtube', label: 'YouTube' },
  { key: 'google', label: 'Google Search' },
  { key: 'referral', label: 'Friend/Referral' },
  { key: 'other', label: 'Other' },
] as const;

export const CONTACT_MESSAGES = {
  businessName: 'Business name is required',
  businessEmail: 'Please enter a valid email address',
  memberCount: 'Please select your member count',
  needs: 'Please select at least one area where you need help',
  discovery: 'Please tell us how you heard about us',
  failedTitle: 'Something went wrong',
  failedText: "We couldn't submit your form. Please try again or contact us directly.",
} as const;

export const CONTACT_LIMITS = {
  businessName: 120,
  need: 200,
  needs: 10,
  discovery: 200,
  phone: 30,
  information: 3000,
} as const;

/**
 * The honeypot: a field people never see (hidden from view and from screen readers). A form
 * that fills it was filled by a robot: the answer looks like a success and nothing is kept.
 */
export const CONTACT_HONEYPOT = 'website';

/**
 * A sales contact request. `features` and `how_you_found_us` carry the texts of the choices
 * (or what the visitor typed for "other").
 */
const contactRequestSchema = z.object({
  business_name: textField({
    label: 'Business name',
    min: 2,
    max: CONTACT_LIMITS.businessName,
    minMessage: CONTACT_MESSAGES.businessName,
  }),
  business_email: email(CONTACT_MESSAGES.businessEmail),
  member_stats: z.enum(MEMBER_COUNTS, { error: CONTACT_MESSAGES.memberCount }),
  features: z
    .array(
      textField({
        label: 'Area of help',
        min: 1,
        max: CONTACT_LIMITS.need,
        minMessage: CONTACT_MESSAGES.needs,
      }),
      { error: CONTACT_MESSAGES.needs },
    )
    .min(1, { error: CONTACT_MESSAGES.needs })
    .max(CONTACT_LIMITS.needs, { error: `Choose at most ${CONTACT_LIMITS.needs} areas` }),
  how_you_found_us: textField({
    label: 'How you heard about us',
    min: 1,
    max: CONTACT_LIMITS.discovery,
    minMessage: CONTACT_MESSAGES.discovery,
  }),
  contact_number: optionalTextField({ label: 'Phone number', max: CONTACT_LIMITS.phone }),
  additional_information: optionalTextField({
    label: 'Message',
    max: CONTACT_LIMITS.information,
    multiLine: true,
  }),
  [CONTACT_HONEYPOT]: z
    .string({ error: 'Website must be text' })
    .max(LIMITS.url, { error: `Website must be at most ${LIMITS.url} characters` })
    .optional(),
});
export type ContactRequest = z.output<typeof contactRequestSchema>;

export const contactContracts = {
  create: contract({
    method: 'POST',
    path: '/v1/contact',
    operationId: 'createContactRequest',
    summary: 'Send a sales contact request; `data.entity_id` is the ticket ID',
    description:
      'Stored as a sales ticket and e-mailed to the sales address. Limited per IP address and per ' +
      'e-mail (429). The same Idempotency-Key again answers the first ticket.',
    tag: 'site',
    access: 'public',
    body: contactRequestSchema,
    status: 201,
    idempotent: true,
    answer: answerOf(z.object({ entity_id: z.string() })),
  }),
};

// ---------------------------------------------------------------------------------------------
// Pages

/**
 * A page of the public site, as the server asks the web app's site renderer to draw it.
 * `articles: null`: the blog could not be loaded ("Unable to Load Articles");
 * `article: null`: no such article ("Article Not Found").
 */
export type SitePage =
  | { kind: 'landing' }
  | { kind: 'contact'; path: '/contact' | '/contact-sales' }
  | { kind: 'privacy' }
  | { kind: 'terms' }
  | { kind: 'not-found'; path: string }
  | { kind: 'blog'; articles: BlogArticleSummary[] | null; page: number; pages: number }
  | { kind: 'article'; slug: string; article: BlogArticle | null };
