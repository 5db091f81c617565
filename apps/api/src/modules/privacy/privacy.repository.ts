import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/payment-days';
import {
  businesses,
  erasureRequests,
  memberConsents,
  members,
  outbox,
  payments,
  plans,
  subscriptions,
  visits,
} from '../../db/schema';
import { businessRow } from '../../db/tenant';

/** The member (all columns) of this business, or undefined; `lock` holds the row. */
export const findMember = async (exec: Executor, businessId: number, id: number, lock = false) => {
  const q = exec
    .select()
    .from(members)
    .where(and(eq(members.businessId, businessId), eq(members.id, id)))
    .limit(1);
  const [row] = await (lock ? q.for('update') : q);
  return row;
};
export type MemberRecord = NonNullable<Awaited<ReturnType<typeof findMember>>>;

export const setConsent = async (
  exec: Executor,
  businessId: number,
  memberId: number,
  choice: string,
) => {
  await exec
    .update(members)
    .set({ marketingConsent: choice, updatedAt: new Date() })
    .where(and(eq(members.businessId, businessId), eq(members.id, memberId)));
};

/** The member's consent history, newest first. */
export const consentHistory = (exec: Executor, businessId: number, memberId: number) =>
  exec
    .select()
    .from(memberConsents)
    .where(and(eq(memberConsents.businessId, businessId), eq(memberConsents.memberId, memberId)))
    .orderBy(desc(memberConsents.createdAt), desc(memberConsents.id));

/** A pending request of the member; false when one already waits (the first one stands). */
export const insertErasureRequest = async (
  exec: Executor,
  businessId: number,
  memberId: number,
): Promise<boolean> =>
  (
    await exec
      .insert(erasureRequests)
      .values({ businessId, memberId })
      .onConflictDoNothing()
      .returning({ id: erasureRequests.id })
  ).length > 0;

export const pendingErasureRequests = async (
  exec: Executor,
  businessId: number,
  window: { limit: number; offset: number },
) => {
  const where = and(
    eq(erasureRequests.businessId, businessId),
    eq(erasureRequests.status, 'pending'),
  );
  const [rows, [total]] = await Promise.all([
    exec
      .select({
        request: erasureRequests,
        memberCode: members.memberCode,
        firstName: members.firstName,
        lastName: members.lastName,
      })
      .from(erasureRequests)
      .innerJoin(
        members,
        and(eq(members.id, erasureRequests.memberId), eq(members.businessId, businessId)),
      )
      .where(where)
      .orderBy(desc(erasureRequests.createdAt), desc(erasureRequests.id))
      .limit(window.limit)
      .offset(window.offset),
    exec.select({ n: count() }).from(erasureRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};

// The export's reads: every record of one member of one business.

export const businessOf = (exec: Executor, businessId: number) =>
  businessRow(exec, businessId, { name: businesses.name, code: businesses.code });

export const subscriptionsOf = (exec: Executor, businessId: number, memberId: number) =>
  exec
    .select({ s: subscriptions, planName: plans.name })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.id, subscriptions.subscriptionTypeId))
    .where(and(eq(subscriptions.businessId, businessId), eq(subscriptions.memberId, memberId)))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.id));

export const paymentsOf = (exec: Executor, businessId: number, memberId: number) =>
  exec
    .select({ p: payments, planName: plans.name })
    .from(payments)
    .leftJoin(plans, eq(plans.id, payments.subscriptionTypeId))
    .where(and(eq(payments.businessId, businessId), eq(payments.memberId, memberId)))
    .orderBy(desc(payments.createdAt), desc(payments.id));

export const visitsOf = (exec: Executor, businessId: number, memberId: number) =>
  exec
    .select()
    .from(visits)
    .where(and(eq(visits.businessId, businessId), eq(visits.memberId, memberId)))
    .orderBy(desc(visits.visitedAt), desc(visits.id));

/** Every message sent (or being sent) to the member: bulk messages, reminders, receipts. */
export const messagesOf = (exec: Executor, businessId: number, memberId: number) =>
  exec
    .select()
    .from(outbox)
    .where(and(eq(outbox.businessId, businessId), eq(outbox.memberId, memberId)))
    .orderBy(desc(outbox.createdAt), desc(outbox.id));

/** Whether a table exists in this database (the member portal's tables come with its module). */
const tableExists = async (exec: Executor, name: string) =>
  rowsOf<{ t: string | null }>(await exec.execute(sql`select to_regclass(${name})::text as t`))[0]
    ?.t != null;

/**
 * Removes the member's personal data wherever Kora holds it, in the caller's transaction (the
 * member row locked): see eraseMember in privacy.service.ts for the rule.
 */
export const eraseMemberData = async (
  exec: Executor,
  businessId: number,
  m: MemberRecord,
  erased: { firstName: string; lastName: string; label: string },
) => {
  const memberId = m.id;
  // What identifies them in texts kept elsewhere: phone digits after the 0 or +234, e-mail.
  const digits = m.mobileNumber.replace(/\D/g, '').replace(/^(234|0)/, '');
  const patterns = [
    ...(digits.length >= 7 ? [`%${digits}%`] : []),
    ...(m.emailAddress ? [`%${m.emailAddress.replace(/[\\%_]/g, '\\$&')}%`] : []),
  ];
  const matches = (column: ReturnType<typeof sql>) =>
    patterns.length
      ? sql`(${sql.join(
          patterns.map((p) => sql`${column} ilike ${p}`),
          sql` or `,
        )})`
      : sql`false`;

  // The audit trail: entries about them keep who did what and when, without their data (their
  // names, phone and e-mail become the erased label, their personal fields' before → after
  // "(erased)"). The database does it (db/functions/kora_erase_member_audit.sql), as the only
  // change of the trail it allows, while the details it looks for are still on the member, and
  // marks them erased.
  await exec.execute(sql`select kora_erase_member_audit(${businessId}, ${memberId})`);

  await exec
    .update(members)
    .set({
      firstName: erased.firstName,
      middleName: null,
      lastName: erased.lastName,
      mobileNumber: '',
      emailAddress: null,
      homeAddress: null,
      city: '',
      state: '',
      dateOfBirth: null,
      gender: null,
      emergencyContactName: null,
      emergencyContactNumber: null,
      emergencyContactRelationship: null,
      pictureUrl: null,
      // A new random code nobody holds: the old card stops working.
      cardCode: sql`kora_card_code()`,
      // Their kiosk PIN goes too: no typed entry at the kiosk is theirs any more.
      kioskPinHash: null,
      isActive: false,
      remindersOptOut: true,
      marketingConsent: 'no',
      erasedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(members.businessId, businessId), eq(members.id, memberId)));

  // Messages to them: address and text gone; what had not gone out yet never will.
  await exec.execute(sql`
    update outbox set "to" = '', subject = null, text = '', html = null, reply_to = null,
      last_error = null,
      status = case when status = 'pending' then 'cancelled' else status end
    where business_id = ${businessId}
      and (member_id = ${memberId} or (member_id is null and ${matches(sql`"to"`)}))`);
  // A bulk message whose last pending delivery was theirs is done sending now.
  await exec.execute(sql`
    update comms_messages m set status = case when m.failed > 0 then 'FAILED' else 'SENT' end,
      updated_at = now()
    where m.business_id = ${businessId} and m.status = 'SENDING'
      and exists (select 1 from outbox o where o.ref = 'comms:' || m.id and o.member_id = ${memberId})
      and not exists (
        select 1 from outbox o where o.ref = 'comms:' || m.id and o.status = 'pending')`);
  await exec.execute(sql`
    update reminder_sends set "to" = '' where business_id = ${businessId} and member_id = ${memberId}`);
  await exec.execute(sql`
    update payment_links set sent_to = null where business_id = ${businessId} and member_id = ${memberId}`);
  await exec.execute(sql`
    update transfer_accounts set account_name = ${erased.label}
    where business_id = ${businessId} and member_id = ${memberId}`);
  await exec.execute(sql`
    update visits set override_reason = null
    where business_id = ${businessId} and member_id = ${memberId} and override_reason is not null`);

  // The Idempotency-Key of the Add Member call that created them keeps a digest of the form
  // (their details): dropped, the member exists and a retry of that old call is long past.
  await exec.execute(sql`
    delete from idempotency_keys
    where business_id = ${businessId} and scope = 'member' and entity_id = ${memberId}`);

  // A freeze's reason may say why (an operation, a pregnancy): gone too.
  await exec.execute(sql`
    update freezes set reason = '' where business_id = ${businessId} and member_id = ${memberId}`);

  // The member portal's sign-in codes and sessions (its module's tables).
  if (await tableExists(exec, 'member_sign_in_codes'))
    await exec.execute(sql`
      delete from member_sign_in_codes where business_id = ${businessId} and member_id = ${memberId}`);
  if (await tableExists(exec, 'member_sessions'))
    await exec.execute(sql`
      delete from member_sessions where business_id = ${businessId} and member_id = ${memberId}`);

  // Imports keep the sheet's rows: the rows naming their phone or e-mail are blanked (the row
  // number stays, every cell empty), and dropped from the saved preview.
  if (patterns.length) {
    const any = sql`array[${sql.join(
      patterns.map((p) => sql`${p}`),
      sql`, `,
    )}]::text[]`;
    const blanked = (column: string) => sql`coalesce((
      select jsonb_agg(case when r::text ilike any(${any})
        then jsonb_build_object('n', r->'n', 'cells', coalesce((
          select jsonb_agg('""'::jsonb) from jsonb_array_elements(r->'cells')), '[]'::jsonb))
        else r end order by o)
      from jsonb_array_elements(${sql.identifier(column)}) with ordinality as e(r, o)), '[]'::jsonb)`;
    await exec.execute(sql`
      update member_imports set
        rows = ${blanked('rows')},
        lead_rows = ${blanked('lead_rows')},
        preview = case when jsonb_typeof(preview -> 'preview_rows') = 'array'
          then jsonb_set(preview, '{preview_rows}', coalesce((
            select jsonb_agg(r order by o)
            from jsonb_array_elements(preview -> 'preview_rows') with ordinality as e(r, o)
            where not r::text ilike any(${any})), '[]'::jsonb))
          else preview end
      where business_id = ${businessId}
        and (rows::text ilike any(${any}) or lead_rows::text ilike any(${any})
          or coalesce(preview::text, '') ilike any(${any}))`);
  }
};

export const markRequestsDone = async (
  exec: Executor,
  businessId: number,
  memberId: number,
  userId: number | null,
) => {
  await exec
    .update(erasureRequests)
    .set({ status: 'done', decidedBy: userId, decidedAt: new Date() })
    .where(
      and(
        eq(erasureRequests.businessId, businessId),
        eq(erasureRequests.memberId, memberId),
        eq(erasureRequests.status, 'pending'),
      ),
    );
};
