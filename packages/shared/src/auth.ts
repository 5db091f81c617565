import { z } from 'zod';
import { LIMITS, email } from './common';

export const ROLES = ['owner', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const VERIFICATION_CODE_LENGTH = 7;

const firstName = z
  .string({ error: 'First name must be at least 2 characters' })
  .trim()
  .min(2, { error: 'First name must be at least 2 characters' })
  .max(LIMITS.name, { error: `First name must be at most ${LIMITS.name} characters` });
const lastName = z
  .string({ error: 'Last name must be at least 2 characters' })
  .trim()
  .min(2, { error: 'Last name must be at least 2 characters' })
  .max(LIMITS.name, { error: `Last name must be at most ${LIMITS.name} characters` });
const phoneNumber = z
  .string({ error: 'Phone number must be at least 11 characters' })
  .trim()
  .min(11, { error: 'Phone number must be at least 11 characters' })
  .max(LIMITS.phone, { error: `Phone number must be at most ${LIMITS.phone} characters` });
const password = (message = 'Password must be at least 8 characters') =>
  z
    .string({ error: message })
    .min(8, { error: message })
    .max(LIMITS.password, { error: `Password must be at most ${LIMITS.password} characters` });
const token = z
  .string({ error: 'Invalid token' })
  .min(1, { error: 'Invalid token' })
  .max(LIMITS.token, { error: 'Invalid token' });

export const registerSchema = z.object({
  first_name: firstName,
  last_name: lastName,
  email: email(),
  phone_number: phoneNumber,
  password: password(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The web form adds the confirmation, which the server does not need. */
export const registerFormSchema = registerSchema
  .extend({ confirm_password: z.string().max(LIMITS.password) })
  .refine((v) => v.password === v.confirm_password, {
    error: "Passwords don't match",
    path: ['confirm_password'],
  });

export const verificationCode = z
  .string({ error: 'Verification code must be exactly 7 digits' })
  .length(VERIFICATION_CODE_LENGTH, { error: 'Verification code must be exactly 7 digits' })
  .regex(/^\d+$/, { error: 'Code must contain only numbers' });

export const verifyEmailSchema = z.object({ email: email(), code: verificationCode });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

export const emailOnlySchema = z.object({ email: email() });

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

export const refreshSchema = z.object({ token });
export const logoutSchema = z.object({ token });

export const RESET_TOKEN_TYPES = ['reset', 'setup'] as const;

export const resetPasswordConfirmSchema = z
  .object({
    token,
    password: password(),
    confirm_password: z
      .string({ error: 'Please confirm your password' })
      .min(1, { error: 'Please confirm your password' })
      .max(LIMITS.password),
    type: z.enum(RESET_TOKEN_TYPES, { error: 'type must be reset or setup' }),
  })
  .refine((v) => v.password === v.confirm_password, {
    error: "Passwords don't match",
    path: ['confirm_password'],
  });
export type ResetPasswordConfirmInput = z.infer<typeof resetPasswordConfirmSchema>;

/** The set-password form on the web (token and type come from the link). */
export const setPasswordFormSchema = z
  .object({
    password: password(),
    confirm_password: z
      .string()
      .min(1, { error: 'Please confirm your password' })
      .max(LIMITS.password),
  })
  .refine((v) => v.password === v.confirm_password, {
    error: "Passwords don't match",
    path: ['confirm_password'],
  });

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

/** The access token's claims (03-decisions §2). */
export interface AccessClaims {
  sub: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role | null;
  business_id: number | null;
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

/** GET /v1/auth/me */
export interface UserProfile {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  email_verified: boolean;
  role: Role | null;
  profile_picture: string | null;
  business_id: number | null;
  business_name: string | null;
  business_code: string | null;
  business_logo_url: string | null;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}
