import type { Member } from '@kora/shared';
import { formatPhoneLocal } from '@/lib/format';

/** First, middle and last name. */
export const memberFullName = (m: Pick<Member, 'first_name' | 'middle_name' | 'last_name'>) =>
  [m.first_name, m.middle_name, m.last_name].filter(Boolean).join(' ');

/** A Nigerian number in the local form, spaced as people read it: 0803 123 4567. */
export const displayPhone = (phone: string | null | undefined): string => {
  const local = formatPhoneLocal(phone);
  const m = /^(0\d{3})(\d{3})(\d{4})$/.exec(local);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : local;
};

/**
 * Why an action the server refuses for a deactivated member is disabled ("recording a
 * payment"), in the server's words; null while the member is active.
 */
export const deactivatedReason = (m: Pick<Member, 'is_active'>, doing: string): string | null =>
  m.is_active ? null : `This member is deactivated. Reactivate them before ${doing}.`;
