import { useMutation } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, TokenPair, VerifyEmailInput } from '@kora/shared';
import { http } from '@/lib/http';

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
  logout: (refreshToken: string) =>
    http.post<null>('/v1/auth/logout', { token: refreshToken }, open),
};

type Input<K extends keyof typeof authApi> = Parameters<(typeof authApi)[K]>[0];

export const useLogin = () => useMutation({ mutationFn: (i: Input<'login'>) => authApi.login(i) });
export const useRegister = () =>
  useMutation({ mutationFn: (i: Input<'register'>) => authApi.register(i) });
export const useVerifyEmail = () =>
  useMutation({ mutationFn: (i: Input<'verifyEmail'>) => authApi.verifyEmail(i) });
export const useResendCode = () =>
  useMutation({ mutationFn: (email: string) => authApi.resendCode(email) });
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => authApi.requestPasswordReset(email) });
export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: (i: Input<'confirmPasswordReset'>) => authApi.confirmPasswordReset(i),
  });
