import type { FastifyInstance } from 'fastify';
import { reminderContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as reminders from './reminders.service';

/** Renewal reminders: settings (owners and admins change them), a member's reminders, the stat. */
export const reminderRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.settings, async (req) => ({
    message: 'Reminder settings loaded.',
    data: await reminders.getSettings(ctx, tenantOf(req).businessId),
  }));

  route(app, api.update, async (req) => ({
    message: 'Reminder settings saved.',
    data: await reminders.updateSettings(ctx, tenantOf(req).businessId, req.body, actorOf(req)),
  }));

  route(app, api.memberSends, async (req) => ({
    message: 'Reminders loaded.',
    ...(await reminders.listMemberSends(ctx, tenantOf(req).businessId, req.params.id, req.query)),
  }));

  route(app, api.summary, async (req) => ({
    message: 'Reminder summary loaded.',
    data: await reminders.getSummary(ctx, tenantOf(req).businessId),
  }));
};
