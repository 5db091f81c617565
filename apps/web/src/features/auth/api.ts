import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  LoginInput,
  RegisterInput,
  ResetPasswordConfirmInput,
  VerifyEmailInput,
} from '@kora/shared';
import { authContracts } from '@/lib/api-routes';
import { callApi } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** Public identity calls. A 401 here means "wrong credentials", never a refresh. */
const open = { refreshOn401: false } as const;

export const authApi = {
  login: (input: LoginInput) => callApi(authContracts.login, { body: input, ...open }),
  register: (input: RegisterInput) => callApi(authContracts.register, { body: input, ...open }),
  verifyEmail: (input: VerifyEmailInput) =>
    callApi(authContracts.verifyEmail, { body: input, ...open }),
  resendCode: (email: string) =>
    callApi(authContracts.requestVerificationCode, { body: { email }, ...open }),
  requestPasswordReset: (email: string) =>
    callApi(authContracts.requestPasswordReset, { body: { email }, ...open }),
  confirmPasswordReset: (input: ResetPasswordConfirmInput) =>
    callApi(authContracts.confirmPasswordReset, { body: input, ...open }),
  /** Whether a reset or invitation link can still be used: 400 when it cannot. */
  checkLink: (token: string) => callApi(authContracts.checkLink, { body: { token }, ...open }),
  /** Revokes the refresh token; the caller ignores failure. */
  logout: (refreshToken: string) =>
    callApi(authContracts.logout, { body: { token: refreshToken }, ...open }),
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

/**
 * A reset or invitation link, checked once when its page opens (`enabled` once the token has
 * decoded). Never checked again: a link used by this page's own submit would then be refused.
 */
export const useLinkCheck = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: [...queryRoots.linkCheck, token],
    queryFn: async () => (await authApi.checkLink(token)).data,
    enabled,
    retry: false,
    staleTime: Infinity,
    // Opened again later, the link is checked again.
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
