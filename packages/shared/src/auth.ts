import { z } from 'zod';
import { LIMITS, email } from './common';
import { optionalTextField, textField } from './text';
import { answerOf, contract, doneAnswer } from './contract';

export const ROLES = ['owner', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const VERIFICATION_CODE_LENGTH = 7;

const firstName = textField({ label: 'First name', min: 2, max: LIMITS.name });
const lastName = textField({ label: 'Last name', min: 2, max: LIMITS.name });
const phoneNumber = textField({ label: 'Phone number', min: 11, max: LIMITS.phone });
/**
 * The one password rule, for every password a person chooses (sign-up, verifying the e-mail,
 * accepting an invitation, a reset, a change): at least 8 characters, at most LIMITS.password.
 * Letters, numbers and symbols make a password stronger (the forms' meter shows it) but are not
 * required.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** What the forms say under every new password, the same in each. */
export const PASSWORD_HELP =
  'At least 8 characters. Upper and lower case letters, a number and a symbol make it stronger.';
const password = (message = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`) =>
  z
    .string({ error: message })
    .min(PASSWORD_MIN_LENGTH, { error: message })
    .max(LIMITS.password, { error: `Password must be at most ${LIMITS.password} characters` });

/** A new password typed twice, as every form that sets one asks for it. */
const newPasswordPair = {
  password: password(),
  confirm_password: z
    .string({ error: 'Please confirm your password' })
    .min(1, { error: 'Please confirm your password' })
    .max(LIMITS.password, { error: `Password must be at most ${LIMITS.password} characters` }),
};
/** An empty confirmation is asked for as such, not called a mismatch. */
const passwordsMatch = <T extends { password: string; confirm_password: string }>(v: T) =>
  !v.confirm_password || v.password === v.confirm_password;
const MISMATCH = { error: "Passwords don't match", path: ['confirm_password'] };
const token = z
  .string({ error: 'Invalid token' })
  .min(1, { error: 'Invalid token' })
  .max(LIMITS.token, { error: 'Invalid token' });

const registerSchema = z.object({
  first_name: firstName,
  last_name: lastName,
  email: email(),
  phone_number: phoneNumber,
  password: password(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The web form adds the confirmation, which the server does not need. */
export const registerFormSchema = registerSchema
  .extend({ confirm_password: newPasswordPair.confirm_password })
  .refine(passwordsMatch, MISMATCH);

export const verificationCode = z
  .string({ error: 'Verification code must be exactly 7 digits' })
  .length(VERIFICATION_CODE_LENGTH, { error: 'Verification code must be exactly 7 digits' })
  .regex(/^\d+$/, { error: 'Code must contain only numbers' });

/**
 * Verifying an e-mail also sets the password: the one of the registration (or sign-in) being
 * verified, which the client holds. So only someone who saw the code ends up able to sign in: a
 * password typed by someone else who registered the same unverified address never becomes valid.
 */
export const verifyEmailSchema = z.object({
  email: email(),
  code: verificationCode,
  password: password(),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

const emailOnlySchema = z.object({ email: email() });

export const forgotPasswordSchema = z.object({
  email: email('Please enter a valid email address'),
});

export const loginSchema = z.object({
  email: email(),
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(LIMITS.password, { error: 'Invalid email or password. Please try again.' }),
  remember_me: z.boolean().optional().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;

const refreshSchema = z.object({ token });
const logoutSchema = z.object({ token });

const RESET_TOKEN_TYPES = ['reset', 'setup'] as const;

const resetPasswordConfirmSchema = z
  .object({
    token,
    ...newPasswordPair,
    type: z.enum(RESET_TOKEN_TYPES, { error: 'Link type must be reset or setup' }),
    /** Setting up an invited account: the invitee's names (needed when the invitation had none). */
    first_name: optionalTextField({ label: 'First name', min: 2, max: LIMITS.name }),
    last_name: optionalTextField({ label: 'Last name', min: 2, max: LIMITS.name }),
  })
  .refine(passwordsMatch, MISMATCH);
export type ResetPasswordConfirmInput = z.infer<typeof resetPasswordConfirmSchema>;

/** Checking a reset or invitation link before its form is shown. */
const checkLinkSchema = z.object({ token });

/**
 * What a usable link is for: its e-mail, type and the names known for it; for an invitation,
 * the name of the business that invites (null for a password reset).
 */
const linkInfoSchema = z.object({
  email: z.string(),
  type: z.enum(RESET_TOKEN_TYPES),
  first_name: z.string(),
  last_name: z.string(),
  business_name: z.string().nullable(),
});
export type LinkInfo = z.infer<typeof linkInfoSchema>;

/** The set-password form on the web (token and type come from the link). */
export const setPasswordFormSchema = z.object(newPasswordPair).refine(passwordsMatch, MISMATCH);

/** Setting up an invited account on the web: the invitee's names and a password. */
export const setupAccountFormSchema = z
  .object({ first_name: firstName, last_name: lastName, ...newPasswordPair })
  .refine(passwordsMatch, MISMATCH);

export const updateProfileSchema = z.strictObject(
  {
    first_name: firstName.optional(),
    last_name: lastName.optional(),
    phone_number: phoneNumber.optional(),
  },
  { error: 'Only first_name, last_name and phone_number can be changed' },
);
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const changePasswordSchema = z
  .object({
    old_password: z
      .string({ error: 'Current password is required' })
      .min(1, { error: 'Current password is required' })
      .max(LIMITS.password),
    new_password: password('New password must be at least 8 characters'),
    confirm_password: z
      .string({ error: 'Please confirm your new password' })
      .min(1, { error: 'Please confirm your new password' })
      .max(LIMITS.password),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    error: "New passwords don't match",
    path: ['confirm_password'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * The access token's claims: who signed in, and their business and role when the token was
 * issued. The web reads them to route; the API reads the business and role from the database on
 * every back-office call, so a stale token never grants more.
 */
export interface AccessClaims {
  sub: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role | null;
  business_id: number | null;
  /** The session version the token was issued under (see the API's users.token_version). */
  tv?: number;
  /** Present (true) while this is the person's first session: the web welcomes them once. */
  first_session?: boolean;
  exp: number;
}

/** Reset or invitation link payload, decoded by the client. */
export interface LinkTokenPayload {
  email: string;
  type: (typeof RESET_TOKEN_TYPES)[number];
  exp: number;
  first_name?: string;
  last_name?: string;
}

/** The signed-in user with their business (null fields before the business is set up). */
const userProfileSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  email_verified: z.boolean(),
  role: z.enum(ROLES).nullable(),
  profile_picture: z.string().nullable(),
  business_id: z.number().int().nullable(),
  business_name: z.string().nullable(),
  business_code: z.string().nullable(),
  business_logo_url: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** A session: a short-lived access token and the refresh token that renews it once. */
export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

const emailAnswer = answerOf(z.object({ email: z.string() }));

/** A verified e-mail and the session it started (null: verified before, nothing started). */
const verifiedSchema = z.object({
  email: z.string(),
  email_verified: z.boolean(),
  session: tokenPairSchema.nullable(),
});

/**
 * The identity calls. Those made without a session are public (a refresh or logout carries its
 * refresh token in the body); the account calls need a signed-in user, with or without a business.
 */
export const authContracts = {
  register: contract({
    method: 'POST',
    path: '/v1/auth/register',
    operationId: 'register',
    summary: 'Create an account and e-mail a 7-digit verification code',
    description:
      'An unverified e-mail registering again gets a new code and its details replaced; a verified one answers 409.',
    tag: 'auth',
    access: 'public',
    body: registerSchema,
    answer: emailAnswer,
    status: 201,
  }),
  requestVerificationCode: contract({
    method: 'POST',
    path: '/v1/auth/verify-email/request',
    operationId: 'requestVerificationCode',
    summary: 'Send a new verification code (the same answer for any e-mail)',
    tag: 'auth',
    access: 'public',
    body: emailOnlySchema,
    answer: doneAnswer,
  }),
  verifyEmail: contract({
    method: 'POST',
    path: '/v1/auth/verify-email/validate',
    operationId: 'verifyEmail',
    summary: 'Verify the e-mail with its code: the person is signed in',
    description:
      "The code proves the address and the password sent becomes the account's, so the answer " +
      'carries a session (as sign-in answers it, without remember-me). An address verified ' +
      'before answers the same success with `session` null: the code proves nothing new, sign in.',
    tag: 'auth',
    access: 'public',
    body: verifyEmailSchema,
    answer: answerOf(verifiedSchema),
  }),
  login: contract({
    method: 'POST',
    path: '/v1/auth/login',
    operationId: 'login',
    summary: 'Sign in: an access and a refresh token',
    tag: 'auth',
    access: 'public',
    body: loginSchema,
    answer: answerOf(tokenPairSchema),
  }),
  refresh: contract({
    method: 'POST',
    path: '/v1/auth/refresh',
    operationId: 'refreshSession',
    summary: 'Trade a refresh token for a new pair',
    description:
      'Each refresh token works once; presenting a used one again ends every session it led to.',
    tag: 'auth',
    access: 'public',
    body: refreshSchema,
    answer: answerOf(tokenPairSchema),
  }),
  logout: contract({
    method: 'POST',
    path: '/v1/auth/logout',
    operationId: 'logout',
    summary: 'Sign out: revoke the refresh token sent',
    tag: 'auth',
    access: 'public',
    body: logoutSchema,
    answer: doneAnswer,
  }),
  requestPasswordReset: contract({
    method: 'POST',
    path: '/v1/auth/reset-password',
    operationId: 'requestPasswordReset',
    summary: 'E-mail a password reset link (the same answer for any e-mail)',
    tag: 'auth',
    access: 'public',
    body: forgotPasswordSchema,
    answer: doneAnswer,
  }),
  confirmPasswordReset: contract({
    method: 'POST',
    path: '/v1/auth/reset-password-confirm',
    operationId: 'confirmPasswordReset',
    summary: 'Set a password from a reset or invitation link',
    description:
      'Each link works once and ends every session of the user; an invitation (`setup`) also verifies the e-mail.',
    tag: 'auth',
    access: 'public',
    body: resetPasswordConfirmSchema,
    answer: emailAnswer,
  }),
  checkLink: contract({
    method: 'POST',
    path: '/v1/auth/link/check',
    operationId: 'checkLink',
    summary: 'Whether a reset or invitation link can still be used',
    description:
      'Answers 400 (INVALID_TOKEN, TOKEN_EXPIRED or TOKEN_USED) for a link that is forged, expired, used, replaced by a newer one or revoked.',
    tag: 'auth',
    access: 'public',
    body: checkLinkSchema,
    answer: answerOf(linkInfoSchema),
  }),
  me: contract({
    method: 'GET',
    path: '/v1/auth/me',
    operationId: 'getMyProfile',
    summary: 'The signed-in user and their business',
    tag: 'auth',
    access: 'user',
    answer: answerOf(userProfileSchema),
  }),
  updateProfile: contract({
    method: 'PATCH',
    path: '/v1/auth/update-profile',
    operationId: 'updateMyProfile',
    summary: 'Change the given name and phone fields of the signed-in user',
    tag: 'auth',
    access: 'user',
    body: updateProfileSchema,
    answer: answerOf(userProfileSchema),
  }),
  changePassword: contract({
    method: 'POST',
    path: '/v1/auth/change-password',
    operationId: 'changePassword',
    summary: 'Change the password: every other session ends, this one gets a new pair',
    tag: 'auth',
    access: 'user',
    body: changePasswordSchema,
    answer: answerOf(tokenPairSchema),
  }),
};
