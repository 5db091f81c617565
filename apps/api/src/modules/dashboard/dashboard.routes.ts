import type { FastifyInstance } from 'fastify';
import { dashboardContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { tenantOf } from '../../plugins/tenancy';
import { atRiskOf, attendanceOf } from './attendance.service';
import { dashboardOf } from './dashboard.service';

/** The dashboard of the caller's business: every role of the business reads it. */
export const dashboardRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  // Money totals only for those who see revenue (staff when the owner allows it).
  route(app, api.overview, async (req) => {
    const { businessId, role } = tenantOf(req);
    return {
      message: 'Dashboard loaded.',
      data: await dashboardOf(ctx, businessId, undefined, role),
    };
  });

  route(app, api.attendance, async (req) => ({
    message: 'Attendance loaded.',
    data: await attendanceOf(ctx, tenantOf(req).businessId),
  }));

  route(app, api.atRisk, async (req) => ({
    message: 'Members at risk loaded.',
    ...(await atRiskOf(ctx, tenantOf(req).businessId, req.query)),
  }));
};
