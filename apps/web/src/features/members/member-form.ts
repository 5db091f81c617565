import {
  createMemberSchema,
  updateMemberSchema,
  type CreateMemberInput,
  type Member,
  type UpdateMemberInput,
} from '@kora/shared';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { formatPhoneLocal } from '@/lib/format';
import { withoutEmpty } from '@/lib/form-values';

export const MEMBER_TEXTS = {
  updatedTitle: 'Member details updated successfully!',
  updatedText: 'All changes have been saved.',
  notFound: 'Member not found.',
  detailFailed: 'An error occurred while fetching member details.',
  listFailed: 'An error occurred while fetching members.',
  uploadFailedTitle: 'Upload failed',
  uploadFailed: 'Failed to upload picture',
  saveFailedTitle: 'Could not save the member',
  saveFailed: 'An error occurred while saving the member. Please try again.',
  noEmergency: 'No emergency contact information provided',
  noSubscription: 'No active subscription',
} as const;

/** The member updated banner (spec 02 §9). */
export const MEMBER_UPDATED_BANNER_MS = 5_000;

export type MemberFormValues = {
  first_name: string;
  middle_name: string;
  last_name: string;
  mobile_number: string;
  email_address: string;
  home_address: string;
  city: string;
  state: string;
  country_code: string;
  date_of_birth: string;
  gender: string;
  emergency_contact_name: string;
  emergency_contact_number: string;
  emergency_contact_relationship: string;
  /** A plan id, or '' for none. */
  subscription_type_id: string;
};

const FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'mobile_number',
  'email_address',
  'home_address',
  'city',
  'state',
  'country_code',
  'date_of_birth',
  'gender',
  'emergency_contact_name',
  'emergency_contact_number',
  'emergency_contact_relationship',
  'subscription_type_id',
] as const satisfies readonly (keyof MemberFormValues)[];

export const emptyMemberForm: MemberFormValues = {
  first_name: '',
  middle_name: '',
  last_name: '',
  mobile_number: '',
  email_address: '',
  home_address: '',
  city: '',
  state: '',
  country_code: 'NG',
  date_of_birth: '',
  gender: '',
  emergency_contact_name: '',
  emergency_contact_number: '',
  emergency_contact_relationship: '',
  subscription_type_id: '',
};

/** A member as the edit form shows it: phones in the local form people dial. */
export const memberFormValues = (m: Member): MemberFormValues => ({
  first_name: m.first_name ?? '',
  middle_name: m.middle_name ?? '',
  last_name: m.last_name ?? '',
  mobile_number: formatPhoneLocal(m.mobile_number),
  email_address: m.email_address ?? '',
  home_address: m.home_address ?? '',
  city: m.city ?? '',
  state: m.state ?? '',
  country_code: m.country_code || 'NG',
  date_of_birth: m.date_of_birth ?? '',
  gender: m.gender ?? '',
  emergency_contact_name: m.emergency_contact_name ?? '',
  emergency_contact_number: formatPhoneLocal(m.emergency_contact_number),
  emergency_contact_relationship: m.emergency_contact_relationship ?? '',
  subscription_type_id: m.subscription_type_id ? String(m.subscription_type_id) : '',
});

/** The select fields in the shape the shared schema checks ('' means none). */
const schemaShape = (v: Partial<MemberFormValues>) => ({
  ...v,
  ...('gender' in v ? { gender: v.gender || null } : {}),
  ...('subscription_type_id' in v
    ? { subscription_type_id: v.subscription_type_id ? Number(v.subscription_type_id) : null }
    : {}),
});

const resolve = zod4Resolver(createMemberSchema);
/** The shared create rules and messages, for create and edit alike (every field is present). */
export const validateMemberForm = (values: MemberFormValues) =>
  resolve(schemaShape(values) as unknown as Record<string, unknown>);

/** On create, empty values are left out. */
export const toCreateInput = (values: MemberFormValues): Partial<CreateMemberInput> => {
  const parsed = createMemberSchema.parse(schemaShape(values));
  return withoutEmpty(parsed);
};

/**
 * On edit, only the changed fields; an emptied optional field is sent as null. Nothing
 * changed gives {} (and nothing is sent).
 */
export const toUpdateInput = (
  values: MemberFormValues,
  initial: MemberFormValues,
): UpdateMemberInput => {
  const changed: Partial<Record<keyof MemberFormValues, string | null>> = {};
  for (const key of FIELDS) {
    const value = values[key].trim();
    if (value !== initial[key].trim()) changed[key] = value === '' ? null : value;
  }
  return updateMemberSchema.parse(schemaShape(changed as Partial<MemberFormValues>));
};
