import { BANK_MESSAGES, type BusinessProfile, type UpdateBusinessInput } from '@kora/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import * as repo from './business.repository';

/*
 * What a business shows its members beyond its profile: the address of its members' page, and
 * the bank account they may pay into by transfer when the gym takes no payments online.
 */

/** The members' page of a business: `{APP_URL}/m/{business_code}`. */
export const membersPageUrl = (ctx: AppContext, code: string): string =>
  `${ctx.config.appUrl.replace(/\/+$/, '')}/m/${encodeURIComponent(code)}`;

export const BANK_FIELDS = ['bank_name', 'bank_account_number', 'bank_account_name'] as const;

/**
 * Bank details are all three or none: an edit that would leave one or two is refused (400
 * `BANK_DETAILS_INCOMPLETE`, the message on each empty field), whatever was stored before.
 */
export const checkBankDetails = (
  before: Pick<BusinessProfile, (typeof BANK_FIELDS)[number]>,
  input: UpdateBusinessInput,
): void => {
  const after = BANK_FIELDS.map((f) => (input[f] !== undefined ? input[f] : before[f]));
  const filled = after.filter((v) => v != null).length;
  if (filled === 0 || filled === BANK_FIELDS.length) return;
  const fields = Object.fromEntries(
    BANK_FIELDS.filter((_, i) => after[i] == null).map((f) => [f, BANK_MESSAGES.incomplete]),
  );
  throw badRequest(BANK_MESSAGES.incomplete, 'BANK_DETAILS_INCOMPLETE', fields);
};

/** How a member may pay the gym when it takes no payments online (besides at the desk). */
export interface PayInstead {
  /** The gym's phone as it entered it, or null. */
  phone: string | null;
  /** Its bank account for transfers, or null when it entered none. */
  bank: { bank_name: string; account_number: string; account_name: string } | null;
}

/** The gym's phone and bank account, for the members' renew page without online payments. */
export const payInstead = async (ctx: AppContext, businessId: number): Promise<PayInstead> => {
  const row = await repo.findPayInstead(ctx.db, businessId);
  const phone = row?.phone?.trim() || null;
  const bank =
    row?.bankName && row.accountNumber && row.accountName
      ? {
          bank_name: row.bankName,
          account_number: row.accountNumber,
          account_name: row.accountName,
        }
      : null;
  return { phone, bank };
};
