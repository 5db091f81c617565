import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { outbox } from '../../db/schema';

/**
 * Development only (404 in production): the local outbox, newest first. A member's sign-in code
 * shows here only while it may still be delivered (stored: for as long as the code is good);
 * then its text reads "(one-time code, removed once delivered)" (lib/outbox.ts).
 */
export const devRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/dev/outbox', { schema: { hide: true } }, async () => {
      const rows = await ctx.db
        .select({
          id: outbox.id,
          channel: outbox.channel,
          to: outbox.to,
          from_name: outbox.fromName,
          reply_to: outbox.replyTo,
          subject: outbox.subject,
          text: outbox.text,
          html: outbox.html,
          status: outbox.status,
          created_at: outbox.createdAt,
        })
        .from(outbox)
        .orderBy(desc(outbox.id))
        .limit(200);
      return { message: 'Outbox', data: rows };
    });
  };
