import {
  createBusinessSchema,
  updateBusinessSchema,
  type CreateBusinessInput,
  type UpdateBusinessInput,
} from '@kora/shared';
import { blankValues, formAdapter } from '@/lib/form-adapter';

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

/** A new business: every field empty; the logo is uploaded apart. */
export const emptyBusinessForm = blankValues(createBusinessSchema, ['logo_url']);

export type BusinessFormValues = typeof emptyBusinessForm;

/**
 * The business form: the shared rules and messages, with the logo handled by its upload (the
 * logo URL joins the payloads). An emptied website, e-mail or phone is cleared on update.
 */
export const businessForm = formAdapter({
  create: createBusinessSchema,
  update: updateBusinessSchema,
  empty: emptyBusinessForm,
});

export const businessFormValues = businessForm.fromEntity;

/** On create, empty optional fields are left out. */
export const toCreateInput = (
  values: BusinessFormValues,
  logoUrl: string | null,
): CreateBusinessInput =>
  businessForm.createPayload(values, { logo_url: logoUrl ?? '' }) as CreateBusinessInput;

/** On update: the changed fields (empty website, email or phone as null) plus the logo URL. */
export const toUpdateInput = (
  values: BusinessFormValues,
  initial: BusinessFormValues,
  logoUrl: string | null,
): UpdateBusinessInput =>
  businessForm.updatePayload(values, initial, logoUrl ? { logo_url: logoUrl } : {});
