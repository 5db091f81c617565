/**
 * The code step keeps its e-mail in the address (/signup?verify=<email>), so a refresh, or
 * coming back from the mail app on a phone, shows the code field again for that e-mail.
 */
export const VERIFY_PARAM = 'verify';

/** The address of the code step for `email`. */
export const verifyPath = (email: string) =>
  `/signup?${new URLSearchParams({ [VERIFY_PARAM]: email }).toString()}`;
