import type { Member } from '@kora/shared';

/** First, middle and last name. */
export const memberFullName = (m: Pick<Member, 'first_name' | 'middle_name' | 'last_name'>) =>
  [m.first_name, m.middle_name, m.last_name].filter(Boolean).join(' ');

/**
 * Why an action the server refuses for a deactivated member is disabled ("recording a
 * payment"), in the server's words; null while the member is active.
 */
export const deactivatedReason = (m: Pick<Member, 'is_active'>, doing: string): string | null =>
  m.is_active ? null : `This member is deactivated. Reactivate them before ${doing}.`;
