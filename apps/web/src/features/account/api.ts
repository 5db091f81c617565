import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, UpdateProfileInput } from '@kora/shared';
import { authContracts } from '@/lib/api-routes';
import { callApi } from '@/lib/api-client';
import { queryRoots, useChangeMutation } from '@/lib/query-keys';
import { sessionStore, useSession } from '@/lib/session';
import { uploadFile } from '@/lib/upload';
import { useDataQuery } from '@/lib/use-data-query';

/** The current user's profile, per user. */
const userProfileKey = queryRoots.userProfile;

export const accountApi = {
  me: () => callApi(authContracts.me),
  updateProfile: (input: UpdateProfileInput) =>
    callApi(authContracts.updateProfile, { body: input }),
  changePassword: (input: ChangePasswordInput) =>
    callApi(authContracts.changePassword, { body: input }),
  uploadPicture: (file: File) => uploadFile(file, 'profile_picture'),
};

/**
 * The signed-in user's profile, loaded only while someone is signed in. It is the session read:
 * the role and business the server holds, which the screens follow, so it is read again each
 * time the window regains focus (a role changed meanwhile shows at once).
 */
export const useUserProfile = () => {
  const { isAuthenticated, user } = useSession();
  return useDataQuery([...userProfileKey, user?.id ?? null], () => accountApi.me(), {
    enabled: isAuthenticated,
    refetchOnWindowFocus: 'always',
  });
};

export const useUpdateProfile = () =>
  useChangeMutation('profile', (input: UpdateProfileInput) => accountApi.updateProfile(input));

export const useUploadPicture = () =>
  useChangeMutation('profile', (file: File) => accountApi.uploadPicture(file));

/** The server ends every other session and answers a fresh pair for this one: keep it. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) => accountApi.changePassword(input),
    onSuccess: (answer) => {
      sessionStore.signIn(answer.data);
    },
  });
