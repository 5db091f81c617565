import type { ConsentChoice, ConsentSource } from '@kora/shared';
import type { Executor } from './client';
import { memberConsents } from './schema';

/**
 * One row of a member's consent history (the choice given or withdrawn, who recorded it, when).
 * Shared by members (the Add Member form, an edit) and privacy (the member's own page), each in
 * the transaction that writes members.marketing_consent.
 */
export const insertConsent = async (
  exec: Executor,
  row: {
    businessId: number;
    memberId: number;
    choice: ConsentChoice;
    source: ConsentSource;
    userId?: number | null;
    userName?: string | null;
  },
): Promise<void> => {
  // Without a user (the member's own choice, an import) the user columns stay null.
  await exec.insert(memberConsents).values(row);
};
