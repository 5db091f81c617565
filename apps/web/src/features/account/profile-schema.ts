import { updateProfileSchema, type UpdateProfileInput, type UserProfile } from '@kora/shared';

/** The edit form: all three fields present, with the shared rules and messages. */
export const profileFormSchema = updateProfileSchema.required();

export type ProfileFormValues = {
  first_name: string;
  last_name: string;
  phone_number: string;
};

export const profileFormValues = (profile: UserProfile): ProfileFormValues => ({
  first_name: profile.first_name ?? '',
  last_name: profile.last_name ?? '',
  phone_number: profile.phone_number ?? '',
});

/** Only the fields that changed are sent (spec 01 §5). */
export const changedProfileFields = (
  profile: UserProfile,
  values: ProfileFormValues,
): UpdateProfileInput => {
  const parsed = profileFormSchema.parse(values);
  const before = profileFormValues(profile);
  const changes: UpdateProfileInput = {};
  for (const key of ['first_name', 'last_name', 'phone_number'] as const) {
    if (parsed[key] !== before[key].trim()) changes[key] = parsed[key];
  }
  return changes;
};
