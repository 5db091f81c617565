import type { FastifyInstance } from 'fastify';
import { KIOSK_ENTRY_MESSAGES, portalContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import { memberSessionOfRequest } from '../../plugins/member-auth';
import * as portal from './portal.service';

/** The member's own calls under /v1/portal/{business_code}/… (JSON; the pages are /m/…). */
export const portalRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.requestSignInCode, async (req, reply) => {
    const business = await portal.businessOrNotFound(ctx, req.params.business_code);
    await portal.requestSignInCode(ctx, business, req.body.identifier, req.ip);
    return reply.status(202).send({ message: portal.codeSentAnswer(business), data: null });
  });

  route(app, api.verifySignInCode, async (req) => {
    const business = await portal.businessOrNotFound(ctx, req.params.business_code);
    const signedIn = await portal.verifySignInCode(
      ctx,
      business,
      req.body.identifier,
      req.body.code,
      req.headers['user-agent'],
      req.ip,
    );
    const me = await portal.memberPage(ctx, signedIn.session);
    return {
      message: `Welcome, ${me.member.first_name}.`,
      data: {
        token: signedIn.token,
        expires_at: signedIn.expiresAt.toISOString(),
        member: { first_name: me.member.first_name, member_id: me.member.member_id },
      },
    };
  });

  route(app, api.signOut, async (req, reply) => {
    await portal.signOut(ctx, memberSessionOfRequest(req));
    return reply.status(204).send();
  });

  route(app, api.me, async (req) => ({
    message: 'Your membership',
    data: await portal.memberPage(ctx, memberSessionOfRequest(req)),
  }));

  route(app, api.updateMe, async (req) => ({
    message: 'Your details were saved.',
    data: await portal.updateDetails(ctx, memberSessionOfRequest(req), req.body),
  }));

  route(app, api.requestPhoneChange, async (req, reply) => {
    await portal.requestPhoneChange(
      ctx,
      memberSessionOfRequest(req),
      req.body.mobile_number,
      req.ip,
    );
    return reply
      .status(202)
      .send({ message: 'We sent a code to your new phone number.', data: null });
  });

  route(app, api.confirmPhoneChange, async (req) => ({
    message: 'Your phone number was changed.',
    data: await portal.confirmPhoneChange(
      ctx,
      memberSessionOfRequest(req),
      req.body.mobile_number,
      req.body.code,
    ),
  }));

  route(app, api.plans, async (req) => ({
    message: 'Plans you can buy online',
    data: await portal.onlinePlans(ctx, memberSessionOfRequest(req)),
  }));

  route(app, api.pay, async (req, reply) => {
    const data = await portal.startPayment(
      ctx,
      memberSessionOfRequest(req),
      req.body,
      idempotencyKeyOf(req),
    );
    // A repeated key answers the same payment (the link is made once): 201 each time, as the
    // payment links do.
    return sendCreated(reply, false, { message: 'Continue to pay on Paystack.', data });
  });

  route(app, api.freezeRequest, async (req, reply) => {
    const data = await portal.memberFreezeRequest(
      ctx,
      memberSessionOfRequest(req),
      req.body,
      idempotencyKeyOf(req),
    );
    return sendCreated(reply, false, { message: 'Your freeze request was sent.', data });
  });

  route(app, api.exportData, async (req, reply) => {
    const { filename, zip } = await portal.memberExport(ctx, memberSessionOfRequest(req));
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(zip));
  });

  route(app, api.setKioskPin, async (req) => {
    await portal.setKioskPin(ctx, memberSessionOfRequest(req), req.body.pin);
    return { message: KIOSK_ENTRY_MESSAGES.pinSet, data: null };
  });

  route(app, api.requestErasure, async (req, reply) => {
    const session = memberSessionOfRequest(req);
    await portal.memberErasureRequest(ctx, session);
    return reply.status(202).send({ message: 'Your request was sent to your gym.', data: null });
  });
};
