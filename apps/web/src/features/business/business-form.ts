import {
  createBusinessSchema,
  updateBusinessSchema,
  type BusinessProfile,
  type CreateBusinessInput,
  type UpdateBusinessInput,
} from '@kora/shared';
import { withoutEmpty } from '@/lib/form-values';

export const BUSINESS_TEXTS = {
  setupDone: 'Business setup completed!',
  setupFailedTitle: 'Setup failed',
  setupFailed: 'An error occurred while setting up your business. Please try again.',
  updateFailed: 'An error occurred while updating your business profile. Please try again.',
  updated: 'Business profile updated successfully!',
  loadFailed: 'Unable to load business profile.',
  logoFailed: 'Failed to upload logo.',
  logoUploading: 'Logo upload in progress',
  staffReadOnly: 'Only the business owner or an admin can change business settings.',
} as const;

export type BusinessFormValues = {
  business_name: string;
  address: string;
  city: string;
  state: string;
  website_url: string;
  business_email: string;
  business_phone: string;
};

export const FIELDS = [
  'business_name',
  'address',
  'city',
  'state',
  'website_url',
  'business_email',
  'business_phone',
] as const satisfies readonly (keyof BusinessFormValues)[];

export const emptyBusinessForm: BusinessFormValues = {
  business_name: '',
  address: '',
  city: '',
  state: '',
  website_url: '',
  business_email: '',
  business_phone: '',
};

export const businessFormValues = (b: BusinessProfile): BusinessFormValues => ({
  business_name: b.business_name ?? '',
  address: b.address ?? '',
  city: b.city ?? '',
  state: b.state ?? '',
  website_url: b.website_url ?? '',
  business_email: b.business_email ?? '',
  business_phone: b.business_phone ?? '',
});

/** The form's rules: the shared schema's, with the logo handled by the upload. */
export const businessFormSchema = createBusinessSchema.omit({ logo_url: true });

/** On create, empty optional fields are left out. */
export const toCreateInput = (
  values: BusinessFormValues,
  logoUrl: string | null,
): CreateBusinessInput => {
  const parsed = createBusinessSchema.parse({ ...values, logo_url: logoUrl ?? '' });
  return withoutEmpty(parsed) as CreateBusinessInput;
};

/** On update: the changed fields (empty website, email or phone as null) plus the logo URL. */
export const toUpdateInput = (
  values: BusinessFormValues,
  initial: BusinessFormValues,
  logoUrl: string | null,
): UpdateBusinessInput => {
  const changed: Partial<BusinessFormValues> = {};
  for (const key of FIELDS)
    if (values[key].trim() !== initial[key].trim()) changed[key] = values[key];
  return updateBusinessSchema.parse({ ...changed, ...(logoUrl ? { logo_url: logoUrl } : {}) });
};
