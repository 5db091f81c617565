/**
 * The service worker's cache of members' pictures (`/uploads/…`, kept once seen so the desk
 * shows faces offline). Signing out empties it with the rest of what the device keeps.
 */
export const PICTURE_CACHE = 'kora-pictures';
