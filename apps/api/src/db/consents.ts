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
  await exec.insert(memberConsents).values({
    businessId: row.businessId,
    memberId: row.memberId,
    choice: row.choice,
    source: row.source,
    userId: row.userId ?? null,
    userName: row.userName ?? null,
  });
};
