import type { FastifyInstance } from 'fastify';
import { contactContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import * as contact from './contact.service';

export const CONTACT_SENT = 'Thank you! A sales representative will reach out to you shortly.';

/** The public site's sales contact form. */
export const contactRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.create, async (req, reply) => {
    const { ticketId, replayed } = await contact.createContactRequest(ctx, req.body, {
      ip: req.ip,
      idempotencyKey: idempotencyKeyOf(req),
    });
    // The same Idempotency-Key again answers the ticket already made (200), made nothing.
    return sendCreated(reply, replayed, { message: CONTACT_SENT, data: { entity_id: ticketId } });
  });
};
