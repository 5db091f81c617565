import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  emailOnlySchema,
  forgotPasswordSchema,
  loginSchema,
  logoutSchema,
  refreshSchema,
  registerSchema,
  resetPasswordConfirmSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { userIdOf } from '../../plugins/auth';
import * as auth from './auth.service';

const tags = ['auth'];
const secured = { tags, security: [{ bearerAuth: [] }] };

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/register', { schema: { tags, body: registerSchema } }, async (req, reply) => {
      const data = await auth.register(ctx, req.body, req.ip);
      return reply.status(201).send({ message: auth.MESSAGES.registered, data });
    });

    app.post('/verify-email/request', { schema: { tags, body: emailOnlySchema } }, async (req) => {
      await auth.requestVerificationCode(ctx, req.body.email, req.ip);
      return { message: auth.MESSAGES.codeSent, data: null };
    });

    app.post(
      '/verify-email/validate',
      { schema: { tags, body: verifyEmailSchema } },
      async (req) => {
        await auth.verifyEmail(ctx, req.body, req.ip);
        return {
          message: auth.MESSAGES.verified,
          data: { email: req.body.email, email_verified: true },
        };
      },
    );

    app.post('/login', { schema: { tags, body: loginSchema } }, async (req) => ({
      message: 'Signed in successfully.',
      data: await auth.login(ctx, req.body, req.ip),
    }));

    app.post('/refresh', { schema: { tags, body: refreshSchema } }, async (req) => ({
      message: 'Session refreshed.',
      data: await auth.refresh(ctx, req.body.token),
    }));

    app.post('/logout', { schema: { tags, body: logoutSchema } }, async (req) => {
      await auth.logout(ctx, req.body.token);
      return { message: 'Signed out.', data: null };
    });

    app.post('/reset-password', { schema: { tags, body: forgotPasswordSchema } }, async (req) => {
      await auth.requestPasswordReset(ctx, req.body.email, req.ip);
      return { message: auth.MESSAGES.resetSent, data: null };
    });

    app.post(
      '/reset-password-confirm',
      { schema: { tags, body: resetPasswordConfirmSchema } },
      async (req) => {
        const data = await auth.confirmPasswordReset(ctx, req.body);
        return {
          message:
            req.body.type === 'reset'
              ? 'Password reset successfully! Please log in with your new password.'
              : 'Account setup complete! Please log in with your new password.',
          data,
        };
      },
    );

    app.get('/me', { schema: secured, preHandler: app.authenticate }, async (req) => ({
      message: 'Profile loaded.',
      data: await auth.getProfile(ctx, userIdOf(req)),
    }));

    app.patch(
      '/update-profile',
      { schema: { ...secured, body: updateProfileSchema }, preHandler: app.authenticate },
      async (req) => ({
        message: 'Profile updated successfully.',
        data: await auth.updateProfile(ctx, userIdOf(req), req.body),
      }),
    );

    app.post(
      '/change-password',
      { schema: { ...secured, body: changePasswordSchema }, preHandler: app.authenticate },
      async (req) => ({
        message: 'Password changed successfully.',
        data: await auth.changePassword(ctx, userIdOf(req), req.body),
      }),
    );
  };
