import type { FastifyInstance } from 'fastify';
import { KIOSK_ENTRY_MESSAGES, kioskContracts as api, kioskEntryContracts } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import { kioskOf } from '../../plugins/kiosk-auth';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as kiosk from './kiosk.service';

const M = kiosk.KIOSK_MESSAGES;

/** Kiosks in Settings, opening one from the desk, and the kiosk's own calls. */
export const kioskRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.list, async (req) => ({
    message: M.listed,
    data: await kiosk.listKiosks(ctx, tenantOf(req).businessId),
  }));

  route(app, api.create, async (req, reply) => {
    const { businessId, userId } = tenantOf(req);
    const { replayed, ...data } = await kiosk.createKiosk(
      ctx,
      { businessId, userId },
      req.body.name,
      idempotencyKeyOf(req),
      actorOf(req),
    );
    return sendCreated(reply, replayed, { message: M.created, data });
  });

  route(app, api.revoke, async (req) => {
    await kiosk.revokeKiosk(ctx, tenantOf(req).businessId, req.params.id, actorOf(req));
    return { message: M.revoked, data: null };
  });

  route(app, api.open, async (req, reply) => {
    const { businessId, userId } = tenantOf(req);
    const { replayed, ...data } = await kiosk.openKiosk(
      ctx,
      { businessId, userId },
      req.body?.name,
      idempotencyKeyOf(req),
      actorOf(req),
    );
    return sendCreated(reply, replayed, { message: M.opened, data });
  });

  route(app, api.info, async (req) => ({
    message: M.loaded,
    data: await kiosk.kioskInfo(ctx, kioskOf(req)),
  }));

  route(app, api.checkIn, async (req) => {
    const data = await kiosk.kioskCheckIn(ctx, kioskOf(req), req.body.code, req.body.pin);
    return { message: data.text, data };
  });

  route(app, api.exit, async (req) => ({
    message: M.exited,
    data: await kiosk.exitKiosk(ctx, kioskOf(req), req.body.password, req.ip),
  }));

  route(app, kioskEntryContracts.get, async (req) => ({
    message: 'Kiosk entry',
    data: await kiosk.kioskEntry(ctx, tenantOf(req).businessId),
  }));

  route(app, kioskEntryContracts.set, async (req) => ({
    message: KIOSK_ENTRY_MESSAGES.entrySaved,
    data: await kiosk.setKioskEntry(
      ctx,
      tenantOf(req).businessId,
      req.body.typed_entry,
      actorOf(req),
    ),
  }));

  route(app, kioskEntryContracts.setMemberPin, async (req) => {
    await kiosk.setMemberPin(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.body.pin,
      actorOf(req),
    );
    return { message: KIOSK_ENTRY_MESSAGES.pinSet, data: null };
  });
};
