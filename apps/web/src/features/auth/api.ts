import { useMutation } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, TokenPair, VerifyEmailInput } from '@kora/shared';
import { http } from '../../lib/http';

/** Public identity calls (spec 01 §7). A 401 here means "wrong credentials", never a refresh. */
const open = { refreshOn401: false } as const;

export const authApi = {
  login: (input: LoginInput) => http.post<TokenPair>('/v1/auth/login', input, open),
  register: (input: RegisterInput) =>
    http.post<{ email: string }>('/v1/auth/register', input, open),
  verifyEmail: (input: VerifyEmailInput) =>
    http.post<{ email: string; email_verified: boolean }>(
      '/v1/auth/verify-email/validate',
      input,
      open,
    ),
  resendCode: (email: string) => http.post<null>('/v1/auth/verify-email/request', { email }, open),
  requestPasswordReset: (email: string) =>
    http.post<null>('/v1/auth/reset-password', { email }, open),
  confirmPasswordReset: (input: {
    token: string;
    password: string;
    confirm_password: string;
    type: 'reset' | 'setup';
  }) => http.post<{ email: string }>('/v1/auth/reset-password-confirm', input, open),
  /** Revokes the refresh token; the caller ignores failure. */
  logout: (refreshToken: string) => http.post<null>('/v1/auth/logout', { token: refreshToken }, open),
};

export const useLogin = () => useMutation({ mutationFn: authApi.login });
export const useRegister = () => useMutation({ mutationFn: authApi.register });
export const useVerifyEmail = () => useMutation({ mutationFn: authApi.verifyEmail });
export const useResendCode = () => useMutation({ mutationFn: authApi.resendCode });
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: authApi.requestPasswordReset });
export const useConfirmPasswordReset = () =>
  useMutation({ mutationFn: authApi.confirmPasswordReset });
