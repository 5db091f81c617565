import { useMutation, useQuery } from '@tanstack/react-query';
import { authContracts, type ChangePasswordInput, type UpdateProfileInput } from '@kora/shared';
import { callApi } from '@/lib/api-client';
import { queryRoots, useRefreshAfter } from '@/lib/query-keys';
import { sessionStore, useSession } from '@/lib/session';
import { uploadFile } from '@/lib/upload';

/** The current user's profile, per user. */
export const userProfileKey = queryRoots.userProfile;

export const accountApi = {
  me: () => callApi(authContracts.me),
  updateProfile: (input: UpdateProfileInput) =>
    callApi(authContracts.updateProfile, { body: input }),
  changePassword: (input: ChangePasswordInput) =>
    callApi(authContracts.changePassword, { body: input }),
  uploadPicture: (file: File) => uploadFile(file, 'profile_picture'),
};

/** The signed-in user's profile, loaded only while someone is signed in. */
export const useUserProfile = () => {
  const { isAuthenticated, user } = useSession();
  return useQuery({
    queryKey: [...userProfileKey, user?.id ?? null],
    queryFn: async () => (await accountApi.me()).data,
    enabled: isAuthenticated,
  });
};

export const useUpdateProfile = () => {
  const refresh = useRefreshAfter('profile');
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => accountApi.updateProfile(input),
    onSuccess: () => refresh(),
  });
};

export const useUploadPicture = () => {
  const refresh = useRefreshAfter('profile');
  return useMutation({
    mutationFn: (file: File) => accountApi.uploadPicture(file),
    onSuccess: () => refresh(),
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
