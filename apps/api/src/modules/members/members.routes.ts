import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMemberSchema, idParam, memberListQuery, updateMemberSchema } from '@kora/shared';
import type { AppContext } from '../../context';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import * as members from './members.service';

const schema = { tags: ['members'], security: [{ bearerAuth: [] }] };

/** Members of the caller's business. Staff, admins and owners may all read, add and edit. */
export const memberRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Before validation: a caller without a business learns that first, not what is wrong in the body.
    app.addHook('preValidation', app.requireBusiness);

    app.get('/member', { schema: { ...schema, querystring: memberListQuery } }, async (req) => ({
      message: 'Members loaded.',
      ...(await members.listMembers(ctx, tenantOf(req).businessId, req.query)),
    }));

    // Before /member/:id, so "summary" is not taken for an id.
    app.get('/member/summary', { schema }, async (req) => ({
      message: 'Members summary loaded.',
      data: await members.memberSummary(ctx, tenantOf(req).businessId),
    }));

    app.get('/member/:id', { schema: { ...schema, params: idParam } }, async (req) => ({
      message: 'Member loaded.',
      data: await members.getMemberForBusiness(ctx, tenantOf(req).businessId, req.params.id),
    }));

    app.post('/member', { schema: { ...schema, body: createMemberSchema } }, async (req, reply) => {
      const { member, replayed } = await members.createMember(
        ctx,
        tenantOf(req).businessId,
        req.body,
        idempotencyKeyOf(req),
      );
      // The same Idempotency-Key again answers the member already added, created nothing.
      return reply
        .status(replayed ? 200 : 201)
        .send({ message: 'Member created successfully.', data: member });
    });

    app.patch(
      '/member/:id',
      { schema: { ...schema, params: idParam, body: updateMemberSchema } },
      async (req) => ({
        message: 'Member updated successfully.',
        data: await members.updateMember(ctx, tenantOf(req).businessId, req.params.id, req.body),
      }),
    );
  };
