import type { FastifyInstance } from 'fastify';
import { communicationsContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as communications from './communications.service';

/** Bulk messages: everyone in the business reads and sends them. */
export const communicationsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.groups, async () => ({
    message: 'Recipient groups loaded.',
    data: communications.groupOptions(),
  }));

  route(app, api.channels, async () => ({
    message: 'Message channels loaded.',
    data: communications.channelOptions(),
  }));

  route(app, api.audience, async (req) => ({
    message: 'Audience counted.',
    data: await communications.countAudience(
      ctx,
      tenantOf(req).businessId,
      req.query.group,
      req.query.channel,
      req.query.purpose,
    ),
  }));

  route(app, api.list, async (req) => ({
    message: 'Messages loaded.',
    ...(await communications.listMessages(ctx, tenantOf(req).businessId, req.query)),
  }));

  route(app, api.get, async (req) => ({
    message: 'Message loaded.',
    data: await communications.getMessage(ctx, tenantOf(req).businessId, req.params.id),
  }));

  route(app, api.deliveries, async (req) => ({
    message: 'Deliveries loaded.',
    ...(await communications.listDeliveries(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.query,
    )),
  }));

  route(app, api.create, async (req, reply) => {
    const tenant = tenantOf(req);
    const { message, replayed } = await communications.createMessage(
      ctx,
      { businessId: tenant.businessId, userId: tenant.userId },
      req.body,
      idempotencyKeyOf(req),
      actorOf(req),
    );
    // The same Idempotency-Key again answers the message already sent, sending nothing.
    return sendCreated(reply, replayed, {
      message: message.is_scheduled ? 'Message scheduled.' : 'Message is being sent.',
      data: message,
    });
  });

  route(app, api.cancel, async (req) => ({
    message: 'Scheduled message cancelled.',
    data: await communications.cancelMessage(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      actorOf(req),
    ),
  }));

  route(app, api.retry, async (req) => ({
    message: 'Failed deliveries are being sent again.',
    data: await communications.retryMessage(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      actorOf(req),
    ),
  }));
};
