import type { FastifyInstance } from 'fastify';
import { authContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { userIdOf } from '../../plugins/auth';
import { sessionUserOf } from '../../plugins/tenancy';
import * as auth from './auth.service';

/** Sign-up, sign-in, sessions, password links and the signed-in user's own account. */
export const authRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.register, async (req, reply) => {
    const data = await auth.register(ctx, req.body, req.ip);
    return reply.status(201).send({ message: auth.MESSAGES.registered, data });
  });

  route(app, api.requestVerificationCode, async (req) => {
    await auth.requestVerificationCode(ctx, req.body.email, req.ip);
    return { message: auth.MESSAGES.codeSent, data: null };
  });

  route(app, api.verifyEmail, async (req) => {
    const session = await auth.verifyEmail(ctx, req.body, req.ip);
    return {
      message: session ? auth.MESSAGES.verifiedSignedIn : auth.MESSAGES.verified,
      data: { email: req.body.email, email_verified: true, session },
    };
  });

  route(app, api.login, async (req) => ({
    message: 'Signed in successfully.',
    data: await auth.login(ctx, req.body, req.ip),
  }));

  route(app, api.refresh, async (req) => ({
    message: 'Session refreshed.',
    data: await auth.refresh(ctx, req.body.token),
  }));

  route(app, api.logout, async (req) => {
    await auth.logout(ctx, req.body.token);
    return { message: 'Signed out.', data: null };
  });

  route(app, api.requestPasswordReset, async (req) => {
    await auth.requestPasswordReset(ctx, req.body.email, req.ip);
    return { message: auth.MESSAGES.resetSent, data: null };
  });

  route(app, api.checkLink, async (req) => ({
    message: 'This link can be used.',
    data: await auth.checkLink(ctx, req.body.token),
  }));

  route(app, api.confirmPasswordReset, async (req) => ({
    message:
      req.body.type === 'reset'
        ? 'Password reset successfully! Please log in with your new password.'
        : 'Account setup complete! Please log in with your new password.',
    data: await auth.confirmPasswordReset(ctx, req.body),
  }));

  // The profile was read with the session check of this very request.
  route(app, api.me, async (req) => ({
    message: 'Profile loaded.',
    data: sessionUserOf(req).profile,
  }));

  route(app, api.updateProfile, async (req) => ({
    message: 'Profile updated successfully.',
    data: await auth.updateProfile(ctx, userIdOf(req), req.body),
  }));

  route(app, api.changePassword, async (req) => ({
    message: 'Password changed successfully.',
    data: await auth.changePassword(ctx, userIdOf(req), req.body),
  }));
};
