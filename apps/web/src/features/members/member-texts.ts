/**
 * What the members pages say, apart from the member form (member-form.ts): the members list
 * takes these without the form's schemas and helpers.
 */
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
