/**
 * What a picture upload takes (an image of at most 5 MB, kept at most 1024 pixels a side) and
 * the messages of a refused one: plain values, no schema, so the app's pages check a picture
 * before sending it without loading the schemas.
 */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxSide: 1024,
  types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
} as const;

export const UPLOAD_MESSAGES = {
  notImage: 'Please select an image file',
  tooLarge: 'File size must be less than 5MB',
  fileType: 'file_type must be profile_picture, business_logo or member_picture',
  entityId: 'entity_id is required',
} as const;
