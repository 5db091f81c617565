import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, TokenPair, UpdateProfileInput, UserProfile } from '@kora/shared';
import { http } from '@/lib/http';
import { sessionStore, useSession } from '@/lib/session';
import { uploadFile } from '@/lib/upload';

/** The current user's profile is cached under this key (spec 01 §7: user-profile). */
export const userProfileKey = ['user-profile'] as const;

export const accountApi = {
  me: () => http.get<UserProfile>('/v1/auth/me'),
  updateProfile: (input: UpdateProfileInput) =>
    http.patch<UserProfile>('/v1/auth/update-profile', input),
  changePassword: (input: ChangePasswordInput) =>
    http.post<TokenPair>('/v1/auth/change-password', input),
  uploadPicture: (file: File) => uploadFile(file, 'profile_picture'),
};

/** GET /v1/auth/me, loaded only while someone is signed in. */
export const useUserProfile = () => {
  const { isAuthenticated, user } = useSession();
  return useQuery({
    queryKey: [...userProfileKey, user?.id ?? null],
    queryFn: async () => (await accountApi.me()).data,
    enabled: isAuthenticated,
  });
};

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => accountApi.updateProfile(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfileKey }),
  });
};

export const useUploadPicture = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => accountApi.uploadPicture(file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfileKey }),
  });
};

/** The server ends every other session and answers a fresh pair for this one: keep it. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) => accountApi.changePassword(input),
    onSuccess: (answer) => {
      sessionStore.signIn(answer.data);
    },
  });
