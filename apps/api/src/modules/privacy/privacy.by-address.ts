import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/payment-days';
import { toNigerianE164 } from '../../lib/phone';
import { sha256 } from '../../lib/tokens';

/*
 * What erasing a member removes beyond their own details, in the erasure's transaction: their
 * card, the staff's words about them on their money, and whatever is addressed to their phone or
 * e-mail whichever record it is tied to (messages, the member page's codes, rate-limit counters).
 */

/** What staff text about an erased member (a void's or refund's reason) reads afterwards. */
const ERASED_TEXT = '(erased)';

/** The member as read before erasure: the addresses to look for are still on the row. */
export interface ErasedMember {
  id: number;
  mobileNumber: string;
  emailAddress: string | null;
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The member's addresses, each unless another member of the business who is not erased still has
 * it (a family sharing one phone: what reaches the others stays): the phone (E.164), its digits
 * after 0 or +234 (every way it is written without spaces: 0803…, +234803…, 234803…), and
 * the e-mail in lower case.
 */
const addressesOf = async (exec: Executor, businessId: number, m: ErasedMember) => {
  const phone = m.mobileNumber.trim() ? (toNigerianE164(m.mobileNumber) ?? m.mobileNumber) : null;
  const email = m.emailAddress?.trim().toLowerCase() || null;
  const [shared] = rowsOf<{ phone: boolean; email: boolean }>(
    await exec.execute(sql`
      select
        exists (select 1 from members o where o.business_id = ${businessId} and o.id <> ${m.id}
          and o.erased_at is null and ${phone}::text is not null
          and o.mobile_number = ${phone}) as phone,
        exists (select 1 from members o where o.business_id = ${businessId} and o.id <> ${m.id}
          and o.erased_at is null and ${email}::text is not null
          and lower(o.email_address) = ${email}) as email`),
  );
  const ownPhone = phone && !shared?.phone ? phone : null;
  const ownEmail = email && !shared?.email ? email : null;
  const digits = ownPhone?.replace(/\D/g, '').replace(/^(234|0)/, '') ?? '';
  return {
    phone: ownPhone,
    email: ownEmail,
    /** LIKE patterns finding either address inside a text. */
    patterns: [
      ...(digits.length >= 7 ? [likeOf(digits)] : []),
      ...(ownEmail ? [likeOf(ownEmail)] : []),
    ],
    /** The hashes the member page keeps of an address its codes went to. */
    hashes: [ownPhone, ownEmail].filter((v): v is string => !!v).map(sha256),
  };
};

/** Removes the member's card and what names or reaches them elsewhere; see the file's comment. */
export const eraseElsewhere = async (exec: Executor, businessId: number, m: ErasedMember) => {
  const { phone, patterns, hashes } = await addressesOf(exec, businessId, m);

  // The card goes: its code answers 404 everywhere, and no new one is ever issued to them. The
  // desks' copies drop the member (a removal, as for a deleted member).
  await exec.execute(sql`
    update members set card_code = null where business_id = ${businessId} and id = ${m.id}`);
  await exec.execute(sql`
    insert into roster_removals (business_id, member_id, roster_tx)
    values (${businessId}, ${m.id}, pg_current_xact_id()::text::bigint)`);

  // Staff's words on their money (why it was voided, refunded, discounted, dismissed) may name
  // them: replaced. Amounts, dates and who did it stay.
  await exec.execute(sql`
    update payments set
      void_reason = case when void_reason is null then null else ${ERASED_TEXT} end,
      discount_reason = case when discount_reason is null then null else ${ERASED_TEXT} end
    where business_id = ${businessId} and member_id = ${m.id}
      and (void_reason is not null or discount_reason is not null)`);
  await exec.execute(sql`
    update refunds set reason = ${ERASED_TEXT}
    where business_id = ${businessId} and member_id = ${m.id}`);
  await exec.execute(sql`
    update paystack_charges set note = null
    where business_id = ${businessId} and member_id = ${m.id} and note is not null`);

  if (patterns.length === 0) return;
  const any = textArray(patterns);
  const addressed = (column: SQL) => sql`${column} ilike any(${any})`;

  // Messages to their phone or e-mail, whichever record they were for: address and text gone,
  // what had not gone out yet never will.
  await exec.execute(sql`
    update outbox set "to" = '', subject = null, text = '', html = null, reply_to = null,
      last_error = null, secret = false,
      status = case when status = 'pending' then 'cancelled' else status end
    where business_id = ${businessId} and ${addressed(sql`"to"`)}`);
  // The member page's codes sent to their addresses (kept as hashes), or to confirm their phone.
  await exec.execute(sql`
    delete from member_sign_in_codes
    where business_id = ${businessId}
      and (identifier_hash = any(${textArray(hashes)}) or new_phone = ${phone ?? ''})`);
  // Rate-limit counters keyed by their phone or e-mail, or its hash (codes asked, codes tried).
  await exec.execute(sql`
    delete from rate_limits
    where ${addressed(sql`key`)} or key ilike any(${textArray(hashes.map(likeOf))})`);
};
