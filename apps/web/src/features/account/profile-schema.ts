import { updateProfileSchema, type UpdateProfileInput, type UserProfile } from '@kora/shared';
import { blankValues, formAdapter } from '@/lib/form-adapter';

/** The edit form: all three fields present, with the shared rules and messages. */
const profileFormSchema = updateProfileSchema.required();

/** The profile form; on save, only the fields that changed are sent. */
export const profileForm = formAdapter({
  create: profileFormSchema,
  update: updateProfileSchema,
  empty: blankValues(profileFormSchema),
});

export type ProfileFormValues = typeof profileForm.empty;

export const profileFormValues = (profile: UserProfile): ProfileFormValues =>
  profileForm.fromEntity(profile);

/** Only the fields that changed are sent; nothing changed gives {}. */
export const changedProfileFields = (
  profile: UserProfile,
  values: ProfileFormValues,
): UpdateProfileInput => profileForm.updatePayload(values, profileFormValues(profile));
