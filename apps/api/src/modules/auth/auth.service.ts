import type {
  ChangePasswordInput,
  LinkInfo,
  LoginInput,
  RegisterInput,
  ResetPasswordConfirmInput,
  TokenPair,
  UpdateProfileInput,
  UserProfile,
  VerifyEmailInput,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  unauthorized,
} from '../../lib/errors';
import {
  invitationEmail,
  resetPasswordEmail,
  verificationCodeEmail,
} from '../../lib/mail-templates';
import { enqueueMessages } from '../../lib/outbox';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { checkRateLimit, forgiveAttempt } from '../../lib/rate-limit';
import {
  REFRESH_REMEMBER_MS,
  REFRESH_SESSION_MS,
  hashCode,
  newFamilyId,
  newRefreshToken,
  newVerificationCode,
  sha256,
  signAccessToken,
  signLinkToken,
  verifyLinkToken,
} from '../../lib/tokens';
import { accessRemoved } from '../../plugins/tenancy';
import * as repo from './auth.repository';
import { recordTeamEvent } from '../../db/team-events';
import { recordAudit, userActor } from '../audit';

const CODE_TTL_MS = 15 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;

export const MESSAGES = {
  invalidLogin: 'Invalid email or password. Please try again.',
  unverified: 'Please verify your email before signing in.',
  duplicate: 'An account with this email already exists.',
  registered: 'Registration successful. We sent a 7-digit verification code to your email.',
  codeSent: 'If this email needs verification, a new code has been sent.',
  wrongCode: 'Invalid verification code. Please try again.',
  expiredCode: 'This verification code has expired. Please request a new one.',
  tooManyWrong: 'Too many wrong attempts. Please request a new verification code.',
  verified: 'Email verified successfully. You can now sign in.',
  verifiedSignedIn: 'Email verified successfully. You are signed in.',
  invalidRefresh: 'Your session has expired. Please sign in again.',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  invalidToken: 'Invalid token',
  expiredToken: 'This link has expired. Please request a new invitation or password reset.',
  usedToken: 'This link has already been used. Please request a new one.',
  wrongOldPassword: 'Your current password is incorrect.',
  invitationGone:
    'This invitation is no longer valid. Ask the business owner or an admin to send a new one.',
  invitationPending:
    'Your invitation is waiting: open the link in the invitation e-mail to finish setting up your account.',
} as const;

type RateAction = 'login' | 'register' | 'verify' | 'reset';

const rateLimit = (ctx: AppContext, action: RateAction, ip: string, email?: string) =>
  checkRateLimit(ctx.db, { action, ...ctx.config.rateLimit }, ip, email);

/** Issues an access token and a new refresh token (in `familyId`, or a new family). */
const issueTokens = async (
  ctx: AppContext,
  exec: Executor,
  user: repo.UserRow,
  rememberMe: boolean,
  familyId: string = newFamilyId(),
): Promise<TokenPair> => {
  const refresh = newRefreshToken();
  await repo.insertRefreshToken(exec, {
    userId: user.id,
    familyId,
    tokenHash: refresh.hash,
    rememberMe,
    expiresAt: new Date(Date.now() + (rememberMe ? REFRESH_REMEMBER_MS : REFRESH_SESSION_MS)),
  });
  const firstSession = await repo.hasOneSession(exec, user.id);
  const access_token = await signAccessToken(ctx.config.jwtSecret, { ...user, firstSession });
  return { access_token, refresh_token: refresh.token };
};

const queueCode = async (ctx: AppContext, exec: Executor, user: repo.UserRow) => {
  const code = newVerificationCode();
  await repo.replaceVerificationCode(
    exec,
    user.id,
    hashCode(ctx.config.jwtSecret, user.id, code),
    new Date(Date.now() + CODE_TTL_MS),
  );
  await enqueueMessages(exec, [
    { channel: 'email', to: user.email, ...verificationCodeEmail(user.firstName, code) },
  ]);
};

export const register = async (ctx: AppContext, input: RegisterInput, ip: string) => {
  await rateLimit(ctx, 'register', ip, input.email);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const existing = await repo.findUserByEmail(tx, input.email);
    if (existing?.emailVerified || (existing && !existing.isActive))
      throw conflict(MESSAGES.duplicate, 'EMAIL_TAKEN');
    const user = existing
      ? // An unverified account registering again is re-sent a code; the latest details win.
        await repo.updateUser(tx, existing.id, {
          firstName: input.first_name,
          lastName: input.last_name,
          phoneNumber: input.phone_number,
          passwordHash,
        })
      : await repo
          .insertUser(tx, {
            email: input.email,
            firstName: input.first_name,
            lastName: input.last_name,
            phoneNumber: input.phone_number,
            passwordHash,
          })
          .catch((err: unknown) => {
            // Drizzle wraps the driver's error: the code is on its cause.
            if (isUniqueViolation(err)) throw conflict(MESSAGES.duplicate, 'EMAIL_TAKEN');
            throw err;
          });
    await queueCode(ctx, tx, user);
  });
  void ctx.dispatcher.wake();
  return { email: input.email };
};

export const requestVerificationCode = async (ctx: AppContext, email: string, ip: string) => {
  await rateLimit(ctx, 'verify', ip, email);
  const user = await repo.findUserByEmail(ctx.db, email);
  // Same answer whether or not the account exists or is already verified.
  if (user && !user.emailVerified && user.isActive) {
    await ctx.db.transaction((tx) => queueCode(ctx, tx, user));
    void ctx.dispatcher.wake();
  }
};

/**
 * Verifies the e-mail with its code and sets the password sent, then signs the person in (the
 * session sign-in would answer, without remember-me): they typed that password and proved the
 * address. An address verified before answers null: the code proves nothing now, and no
 * password is checked, so no session is given.
 */
export const verifyEmail = async (
  ctx: AppContext,
  input: VerifyEmailInput,
  ip: string,
): Promise<TokenPair | null> => {
  await rateLimit(ctx, 'verify', ip, input.email);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (!user) throw badRequest(MESSAGES.wrongCode, 'INVALID_CODE');
  if (user.emailVerified) return null;
  const code = await repo.latestOpenCode(ctx.db, user.id);
  if (!code) throw badRequest(MESSAGES.expiredCode, 'CODE_EXPIRED');
  if (code.attempts >= MAX_CODE_ATTEMPTS) throw badRequest(MESSAGES.tooManyWrong, 'CODE_LOCKED');
  if (code.expiresAt.getTime() < Date.now()) throw badRequest(MESSAGES.expiredCode, 'CODE_EXPIRED');
  if (code.codeHash !== hashCode(ctx.config.jwtSecret, user.id, input.code)) {
    const attempts = await repo.countWrongAttempt(ctx.db, code.id);
    if (attempts >= MAX_CODE_ATTEMPTS) throw badRequest(MESSAGES.tooManyWrong, 'CODE_LOCKED');
    throw badRequest(MESSAGES.wrongCode, 'INVALID_CODE');
  }
  // Whoever proves the address chooses the password: the one typed on this device, never one
  // another registration of the same unverified address left behind.
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.consumeCode(tx, code.id)))
      throw badRequest(MESSAGES.wrongCode, 'INVALID_CODE');
    await repo.updateUser(tx, user.id, { emailVerified: true, passwordHash });
    await repo.revokeAllForUser(tx, user.id);
    // An invited person whose invitation is not accepted yet signs in through its link.
    if (!user.isActive) return null;
    return issueTokens(ctx, tx, { ...user, emailVerified: true, passwordHash }, false);
  });
};

export const login = async (ctx: AppContext, input: LoginInput, ip: string): Promise<TokenPair> => {
  await rateLimit(ctx, 'login', ip, input.email);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  // An account invited to a team while it had no business waits for the invitation's link.
  if (user && ok && !user.isActive && user.businessId)
    throw forbidden(MESSAGES.invitationPending, 'INVITATION_PENDING');
  if (!user || !ok || !user.isActive)
    throw unauthorized(MESSAGES.invalidLogin, 'INVALID_CREDENTIALS');
  // The right password: this attempt is not held against the e-mail or the IP.
  await forgiveAttempt(ctx.db, { action: 'login' }, ip, input.email);
  if (!user.emailVerified) throw forbidden(MESSAGES.unverified, 'EMAIL_NOT_VERIFIED');
  return ctx.db.transaction((tx) => issueTokens(ctx, tx, user, input.remember_me));
};

/**
 * A fresh session, exactly as sign-in answers it, for the first of `userIds` (active, verified
 * members of business `businessId`) whose password this is; 401 with sign-in's wrong-password
 * text when it is none of theirs. The caller counts the attempts (a rate limit of its own).
 */
export const sessionForPassword = async (
  ctx: AppContext,
  businessId: number,
  userIds: readonly number[],
  password: string,
): Promise<TokenPair> => {
  for (const id of userIds) {
    const user = await repo.findUserById(ctx.db, id);
    if (!user?.isActive || !user.emailVerified || user.businessId !== businessId) continue;
    if (await verifyPassword(user.passwordHash, password))
      return ctx.db.transaction((tx) => issueTokens(ctx, tx, user, false));
  }
  throw unauthorized(MESSAGES.invalidLogin, 'INVALID_CREDENTIALS');
};

/**
 * Why a revoked refresh token no longer works: the person was removed from their business after
 * this session began (and is not back in it), said in words naming it; else `expired`.
 */
const whyRevoked = async (
  ctx: AppContext,
  row: { userId: number; createdAt: Date },
  expired: AppError,
): Promise<AppError> => {
  const removal = await repo.removalSince(ctx.db, row.userId, row.createdAt);
  if (!removal) return expired;
  const user = await repo.findUserById(ctx.db, row.userId);
  return user && user.businessId !== removal.businessId ? accessRemoved(removal.name) : expired;
};

/**
 * Rotates the refresh token; a token presented again after rotation revokes its whole family.
 * The new access token carries the role and business the database holds now (a promotion or a
 * new business reaches the token at its next refresh).
 */
export const refresh = async (ctx: AppContext, token: string): Promise<TokenPair> => {
  const hash = sha256(token);
  const reuse = new AppError(401, 'INVALID_REFRESH', MESSAGES.invalidRefresh);
  const row = await repo.findRefreshToken(ctx.db, hash);
  if (!row) throw reuse;
  if (row.revokedAt) throw await whyRevoked(ctx, row, reuse);
  if (row.rotatedAt) {
    await repo.revokeFamily(ctx.db, row.familyId);
    throw reuse;
  }
  if (row.expiresAt.getTime() < Date.now()) throw reuse;
  const user = await repo.findUserById(ctx.db, row.userId);
  if (!user || !user.isActive) throw reuse;
  return ctx.db
    .transaction(async (tx) => {
      // Another request rotated it in the meantime: treated as reuse (the family is revoked below).
      if (!(await repo.markRotated(tx, row.id))) throw reuse;
      return issueTokens(ctx, tx, user, row.rememberMe, row.familyId);
    })
    .catch(async (err) => {
      if (err === reuse) await repo.revokeFamily(ctx.db, row.familyId);
      throw err;
    });
};

export const logout = async (ctx: AppContext, token: string) => {
  await repo.revokeToken(ctx.db, sha256(token));
};

export const requestPasswordReset = async (ctx: AppContext, email: string, ip: string) => {
  await rateLimit(ctx, 'reset', ip, email);
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user || !user.isActive) return; // same answer for unknown e-mails
  const link = await signLinkToken(ctx.config.jwtSecret, {
    email: user.email,
    type: 'reset',
    first_name: user.firstName,
    last_name: user.lastName,
  });
  const url = `${ctx.config.appUrl}/set-password?token=${encodeURIComponent(link.token)}`;
  await ctx.db.transaction(async (tx) => {
    await repo.insertLinkToken(tx, {
      jti: link.jti,
      userId: user.id,
      type: 'reset',
      expiresAt: link.expiresAt,
    });
    await enqueueMessages(tx, [
      { channel: 'email', to: user.email, ...resetPasswordEmail(user.firstName, url) },
    ]);
  });
  void ctx.dispatcher.wake();
};

const linkError = (message: string, code: string) => badRequest(message, code);

/**
 * The link's signed token, checked: its signature and expiry, and that it is still the live
 * link of its user (not used, not replaced by a newer one, not revoked). An invitation must
 * also still be waiting to be accepted.
 */
const readLink = async (ctx: AppContext, exec: Executor, token: string) => {
  const verified = await verifyLinkToken(ctx.config.jwtSecret, token);
  if (!verified.ok) {
    throw verified.reason === 'expired'
      ? linkError(MESSAGES.expiredToken, 'TOKEN_EXPIRED')
      : linkError(MESSAGES.invalidToken, 'INVALID_TOKEN');
  }
  const { payload } = verified;
  const row = await repo.findLinkToken(exec, payload.jti);
  const gone = () =>
    payload.type === 'setup'
      ? linkError(MESSAGES.invitationGone, 'INVALID_TOKEN')
      : linkError(MESSAGES.invalidToken, 'INVALID_TOKEN');
  // A link never recorded (forged with a leaked secret) or one a newer link replaced.
  if (!row || row.type !== payload.type) throw gone();
  if (row.usedAt) throw linkError(MESSAGES.usedToken, 'TOKEN_USED');
  const user = await repo.findUserById(exec, row.userId);
  if (!user || user.email !== payload.email) throw gone();
  if (payload.type === 'setup' && (user.isActive || !user.businessId)) throw gone();
  return { payload, user };
};

/**
 * Whether a reset or invitation link can still be used, and what for. An invitation also
 * names the business that invites (the person holding the link is the one invited to it).
 */
export const checkLink = async (ctx: AppContext, token: string): Promise<LinkInfo> => {
  const { payload, user } = await readLink(ctx, ctx.db, token);
  const businessName =
    payload.type === 'setup' && user.businessId
      ? await repo.findBusinessName(ctx.db, user.businessId)
      : undefined;
  return {
    email: user.email,
    type: payload.type,
    first_name: user.firstName,
    last_name: user.lastName,
    business_name: businessName ?? null,
  };
};

/**
 * Sets a password from a reset or invitation link, once, and ends every session of the user.
 * The link proves the address, so the e-mail becomes verified. An invitation (`setup`) also
 * takes the invitee's names when given (they are needed when the invitation had none) and
 * makes them active in the business that invited them, with the role it gave.
 */
export const confirmPasswordReset = async (ctx: AppContext, input: ResetPasswordConfirmInput) => {
  const passwordHash = await hashPassword(input.password);
  const email = await ctx.db.transaction(async (tx) => {
    const { payload, user } = await readLink(ctx, tx, input.token);
    if (payload.type !== input.type) throw linkError(MESSAGES.invalidToken, 'INVALID_TOKEN');
    const names: Partial<repo.UserRow> = {};
    if (payload.type === 'setup') {
      if (input.first_name) names.firstName = input.first_name;
      if (input.last_name) names.lastName = input.last_name;
      const missing: Record<string, string> = {};
      if (!(names.firstName ?? user.firstName))
        missing.first_name = 'First name must be at least 2 characters';
      if (!(names.lastName ?? user.lastName))
        missing.last_name = 'Last name must be at least 2 characters';
      if (Object.keys(missing).length)
        throw badRequest('Please enter your first and last name.', 'VALIDATION_ERROR', missing);
    }
    // Used once: a second submission of the same link at the same moment finds it used.
    if ((await repo.useLinkToken(tx, payload.jti, payload.type)) === null)
      throw linkError(MESSAGES.usedToken, 'TOKEN_USED');
    await repo.updateUser(tx, user.id, {
      ...names,
      passwordHash,
      emailVerified: true,
      ...(payload.type === 'setup' ? { isActive: true } : {}),
    });
    await endSessions(tx, user.id);
    if (payload.type === 'setup' && user.businessId) {
      await recordTeamEvent(tx, {
        businessId: user.businessId,
        kind: 'joined',
        user: { ...user, ...names },
        role: user.role,
      });
      // The person accepted their invitation: they joined the team, in the trail by their name.
      const name = `${names.firstName ?? user.firstName} ${names.lastName ?? user.lastName}`.trim();
      await recordAudit(tx, userActor({ id: user.id, name, role: user.role }), {
        businessId: user.businessId,
        action: 'team.join',
        recordKind: 'user',
        recordId: user.id,
        // The actor names them: "Femi Adeyemi (staff) joined the team".
        detail: { email: user.email, role: user.role },
      });
    }
    return user.email;
  });
  return { email };
};

/** Ends every session of a user at once: refresh tokens revoked, access tokens refused. */
export const endSessions = async (exec: Executor, userId: number) => {
  await repo.revokeAllForUser(exec, userId);
  return repo.bumpTokenVersion(exec, userId);
};

/**
 * E-mails a person the link that sets up their account in the business that invited them (7
 * days, once). Earlier invitation links of that person stop working. The caller wakes the
 * dispatcher once the transaction has committed.
 */
export const sendInvitation = async (
  ctx: AppContext,
  exec: Executor,
  opts: {
    user: { id: number; email: string; firstName: string; lastName: string };
    businessName: string;
    inviterName: string;
    role: string;
  },
): Promise<Date> => {
  const { user } = opts;
  await repo.dropOpenLinks(exec, user.id, 'setup');
  const link = await signLinkToken(ctx.config.jwtSecret, {
    email: user.email,
    type: 'setup',
    ...(user.firstName ? { first_name: user.firstName } : {}),
    ...(user.lastName ? { last_name: user.lastName } : {}),
  });
  await repo.insertLinkToken(exec, {
    jti: link.jti,
    userId: user.id,
    type: 'setup',
    expiresAt: link.expiresAt,
  });
  const url = `${ctx.config.appUrl}/set-password?token=${encodeURIComponent(link.token)}`;
  await enqueueMessages(exec, [
    {
      channel: 'email',
      to: user.email,
      ...invitationEmail({
        businessName: opts.businessName,
        inviterName: opts.inviterName,
        role: opts.role,
        url,
      }),
    },
  ]);
  return link.expiresAt;
};

/** Ends a person's pending invitation links (the invitation was revoked or they were removed). */
export const dropInvitationLinks = (exec: Executor, userId: number) =>
  repo.dropOpenLinks(exec, userId, 'setup');

const getProfile = async (ctx: AppContext, userId: number): Promise<UserProfile> => {
  const profile = await repo.findProfile(ctx.db, userId);
  if (!profile) throw notFound('User not found.');
  return profile as UserProfile;
};

export const updateProfile = async (ctx: AppContext, userId: number, input: UpdateProfileInput) => {
  const values = {
    ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
    ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
    ...(input.phone_number !== undefined ? { phoneNumber: input.phone_number } : {}),
  };
  if (Object.keys(values).length) await repo.updateUser(ctx.db, userId, values);
  return getProfile(ctx, userId);
};

export const setProfilePicture = async (ctx: AppContext, userId: number, url: string) => {
  await repo.updateUser(ctx.db, userId, { profilePicture: url });
};

export const changePassword = async (
  ctx: AppContext,
  userId: number,
  input: ChangePasswordInput,
) => {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.old_password))) {
    throw badRequest(MESSAGES.wrongOldPassword, 'WRONG_PASSWORD', {
      old_password: MESSAGES.wrongOldPassword,
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  // Every session of the user ends, access tokens included; the one that changed the password
  // gets a fresh pair under the new session version.
  return ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, userId, { passwordHash });
    const updated = await endSessions(tx, userId);
    return issueTokens(ctx, tx, updated, false);
  });
};
