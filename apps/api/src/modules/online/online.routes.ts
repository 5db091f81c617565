import type { FastifyInstance } from 'fastify';
import { onlineContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { dataRoute, doneRoute, pageRoute, route } from '../../lib/contract-route';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as account from './online.account';
import { connectAndCatchUp } from './online.events';
import * as links from './online.service';
import * as transfers from './online.transfers';
import { receiveWebhook } from './online.webhook';
import { payPageRoutes } from './pay-page';

/**
 * Online payments. Connecting Paystack is the owner's or an admin's; links, transfer accounts
 * and held payments are everyone's front-desk work. The public payment page is pay-page.ts.
 */
export const onlineRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const who = (req: Parameters<typeof tenantOf>[0]) => {
    const t = tenantOf(req);
    return { businessId: t.businessId, userId: t.userId };
  };

  dataRoute(app, api.connection, 'Paystack connection loaded.', (req) =>
    account.getConnection(ctx, tenantOf(req).businessId),
  );
  dataRoute(app, api.connect, 'Paystack connected.', (req) =>
    connectAndCatchUp(ctx, who(req), req.body.secret_key, actorOf(req)),
  );
  dataRoute(app, api.update, 'Paystack settings saved.', (req) =>
    account.setTransferAccounts(
      ctx,
      tenantOf(req).businessId,
      req.body.transfer_accounts,
      actorOf(req),
    ),
  );
  dataRoute(app, api.disconnect, 'Paystack disconnected.', (req) =>
    account.disconnect(ctx, tenantOf(req).businessId, actorOf(req)),
  );

  route(app, api.createLink, async (req, reply) => {
    const data = await links.createLink(
      ctx,
      who(req),
      req.params.id,
      req.body,
      idempotencyKeyOf(req),
      actorOf(req),
    );
    return reply.status(201).send({ message: 'Payment link created.', data });
  });
  pageRoute(app, api.listLinks, 'Payment links loaded.', (req) =>
    links.listLinks(ctx, tenantOf(req).businessId, req.params.id, req.query),
  );
  dataRoute(app, api.cancelLink, 'Payment link cancelled.', (req) =>
    links.cancelLink(ctx, tenantOf(req).businessId, req.params.id, actorOf(req)),
  );

  dataRoute(app, api.transferAccount, 'Transfer account loaded.', (req) =>
    transfers.getTransferAccount(ctx, tenantOf(req).businessId, req.params.id),
  );
  route(app, api.createTransferAccount, async (req, reply) => {
    const data = await transfers.createTransferAccount(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      actorOf(req),
    );
    return reply.status(201).send({ message: 'Transfer account created.', data });
  });
  doneRoute(app, api.sendTransferAccount, 'Account details sent.', (req) =>
    transfers.sendTransferAccount(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.body.channel,
      actorOf(req),
    ),
  );

  pageRoute(app, api.listHeld, 'Held payments loaded.', (req) =>
    transfers.listHeld(ctx, tenantOf(req).businessId, req.query),
  );
  dataRoute(app, api.assignHeld, 'Payment recorded.', (req) =>
    transfers.assignHeld(ctx, who(req), req.params.id, req.body),
  );
  dataRoute(app, api.dismissHeld, 'Payment marked as handled.', (req) =>
    transfers.dismissHeld(ctx, who(req), req.params.id, req.body.note, actorOf(req)),
  );

  route(app, api.payPage, async (req) => {
    const page = await links.getPayPage(ctx, req.params.reference, {
      returned: typeof (req.query as Record<string, unknown> | undefined)?.reference === 'string',
    });
    if (!page) throw links.linkNotFound();
    return { message: 'Payment link loaded.', data: page };
  });

  await app.register(payPageRoutes(ctx));

  // Paystack's events: the raw body is kept (its signature is over the exact bytes), up to 1 MB.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 1_048_576 },
      (_req, body, done) => done(null, body),
    );
    hooks.post<{ Params: { token: string } }>(
      '/v1/paystack/webhook/:token',
      { schema: { hide: true } },
      async (req) => {
        const signature = req.headers['x-paystack-signature'];
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await receiveWebhook(
          ctx,
          req.params.token,
          raw,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { received: true };
      },
    );
  });
};
