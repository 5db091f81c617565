import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from './columns';

/**
 * The public site's blog: one row per article, published (created or updated by slug) from a
 * Markdown file by `kora publish`. `content_html` is the Markdown rendered and sanitised at
 * publish time, so a page view never renders Markdown.
 */
export const blogArticles = pgTable(
  'blog_articles',
  {
    id: id(),
    slug: varchar('slug', { length: 120 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    excerpt: varchar('excerpt', { length: 500 }).notNull(),
    /** An https URL or a path on this site (`/images/blog/…`); null shows the fallback picture. */
    thumbnail: varchar('thumbnail', { length: 2048 }),
    /** The Markdown source. */
    content: text('content').notNull(),
    contentHtml: text('content_html').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('blog_articles_slug_idx').on(t.slug),
    // The blog's pages, newest first (read backwards).
    index('blog_articles_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * A sales contact request from the public site (`POST /v1/contact`), e-mailed to SALES_EMAIL
 * through the outbox in the same transaction. `ticket_code` (`KS-` and 8 characters) is the
 * ticket ID the visitor is shown.
 */
export const salesTickets = pgTable(
  'sales_tickets',
  {
    id: id(),
    ticketCode: varchar('ticket_code', { length: 16 }).notNull(),
    businessName: varchar('business_name', { length: 120 }).notNull(),
    businessEmail: varchar('business_email', { length: 254 }).notNull(),
    memberStats: varchar('member_stats', { length: 10 }).notNull(),
    /** The texts of the areas the gym wants help with. */
    features: text('features').array().notNull(),
    howYouFoundUs: varchar('how_you_found_us', { length: 200 }).notNull(),
    contactNumber: varchar('contact_number', { length: 30 }),
    additionalInformation: text('additional_information'),
    /** The address the request came from (rate limits count per address). */
    ip: varchar('ip', { length: 64 }).notNull(),
    /**
     * The client's Idempotency-Key and the SHA-256 of the request it came with: the same key
     * again answers this ticket instead of making another (the form is public, so the key lives
     * here rather than in the per-business idempotency_keys).
     */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    fingerprint: varchar('fingerprint', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sales_tickets_code_idx').on(t.ticketCode),
    uniqueIndex('sales_tickets_idempotency_key_idx').on(t.idempotencyKey),
    index('sales_tickets_created_idx').on(t.createdAt),
  ],
);
