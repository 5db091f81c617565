/*
 * Verifying an e-mail also sets the password of the account: the one typed in this tab when
 * registering or signing in, so that a password someone else registered for the same unverified
 * address never becomes valid. It is held in memory only — never in storage or the address — and
 * is gone after a reload, when the verification step asks for it instead.
 */
let pending: { email: string; password: string } | null = null;

export const holdPassword = (email: string, password: string) => {
  pending = { email: email.toLowerCase(), password };
};

/** The password typed in this tab for `email`, if any. */
export const heldPassword = (email: string): string | undefined =>
  pending && pending.email === email.toLowerCase() ? pending.password : undefined;

export const forgetPassword = () => {
  pending = null;
};
