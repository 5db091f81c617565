import {
  addDays,
  foldForSearch,
  lagosDay,
  lagosMidnight,
  monthStart,
  pageMeta,
  type CreateMemberInput,
  type Member,
  type MemberExportQuery,
  type MemberListQuery,
  type MemberSummary,
  type MemberVisitedFilter,
  type UpdateMemberInput,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { insertConsent } from '../../db/consents';
import type { Executor, Tx } from '../../db/client';
import { badRequest, conflict, isForeignKeyViolation, notFound } from '../../lib/errors';
import type { BatchReader } from '../../lib/export-file';
import { createOnce } from '../../lib/idempotency';
import type { JsonPage } from '../../lib/contract-route';
import { pageWindow } from '../../lib/paging';
import { phoneSearchDigits } from '../../lib/phone';
import { recordAudit, recordEdit, recordExport, type Actor } from '../audit';
import { chosenPlanNotFound, planInactive } from '../plans';
import { fieldsOf, toMember } from './members.mapper';
import * as list from './members.list.repository';
import * as repo from './members.repository';

const MEMBER_NOT_FOUND = 'Member not found.';

/** 409: a change of a member whose personal data was erased. */
const MEMBER_ERASED = 'This member was erased: their details can no longer be changed.';

/** 404: no such member in this business. */
export const memberNotFound = () => notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
/** A payment (desk or online) may not name a deactivated member. */
export const MEMBER_INACTIVE =
  'This member is deactivated. Reactivate them before recording a payment.';
/** 400: the member is deactivated (the message also on `field` when given). */
export const memberInactive = (field?: string) =>
  badRequest(MEMBER_INACTIVE, 'MEMBER_INACTIVE', field ? { [field]: MEMBER_INACTIVE } : undefined);

/** A member of this business, or 404 (also for another business's member). */
export const getMemberForBusiness = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  exec: Executor = ctx.db,
): Promise<Member> => {
  const row = await repo.findMember(exec, businessId, id);
  if (!row) throw memberNotFound();
  return toMember(row);
};

/** The Lagos days each last-visit filter looks at, today included. */
const VISITED_DAYS: Record<MemberVisitedFilter, number> = { last_7: 7, last_30: 30, not_14: 14 };

/**
 * A last-visit filter as the repository takes it: from the start (Lagos midnight) of the first
 * day it looks at, so "last 7 days" is today and the 6 days before, whatever the hour.
 */
const visitedOption = (
  filter: MemberVisitedFilter | undefined,
  today: string = lagosDay(),
): list.VisitedOption | undefined =>
  filter && { filter, since: lagosMidnight(addDays(today, 1 - VISITED_DAYS[filter])) };

/** The list's filters as the repository takes them: the search folded, with its phone form. */
const filterOptions = (
  query: Pick<MemberListQuery, 'search' | 'account_status' | 'kind' | 'visited' | 'frozen'>,
): list.MemberFilterOptions => {
  const search = query.search ? foldForSearch(query.search) : undefined;
  return {
    search,
    phoneDigits: search ? phoneSearchDigits(search) : null,
    accountStatus: query.account_status,
    // Members only unless asked: walk-ins are not members until they join.
    kind: query.kind === 'all' ? undefined : (query.kind ?? 'member'),
    visited: visitedOption(query.visited),
    frozen: query.frozen === true,
  };
};

export const listMembers = async (
  ctx: AppContext,
  businessId: number,
  query: MemberListQuery,
): Promise<JsonPage> => {
  const { json, total, capped } = await list.listMembers(ctx.db, businessId, {
    ...pageWindow(query),
    ...filterOptions(query),
  });
  const meta = pageMeta(query.page, query.per_page, total);
  return { dataJson: json, meta: capped ? { ...meta, total_capped: true } : meta };
};

/**
 * The export's batch reader: the members the list's filters keep, newest first, `limit` at a
 * time after `after` (see lib/export-file).
 */
export const memberExportReader = (
  ctx: AppContext,
  businessId: number,
  query: MemberExportQuery,
): BatchReader<list.MemberExportRow> => {
  const options = filterOptions(query);
  return (after, limit) => list.exportMembersBatch(ctx.db, businessId, options, after, limit);
};
export type { MemberExportRow } from './members.list.repository';

/** Notes in the trail who exported the members, with which filters, as the file starts. */
export const auditMemberExport = (
  ctx: AppContext,
  businessId: number,
  actor: Actor,
  query: MemberExportQuery,
) => recordExport(ctx.db, actor, businessId, 'Members', { export: 'members', filters: query });

export const memberSummary = async (
  ctx: AppContext,
  businessId: number,
): Promise<MemberSummary> => {
  const today = lagosDay();
  const since = new Date(lagosMidnight(monthStart(today)));
  const s = await repo.memberSummary(ctx.db, businessId, since, today);
  return {
    total: s.total,
    active: s.active,
    new_this_month: s.newThisMonth,
    deactivated: s.deactivated,
    lapsed: s.lapsed,
    walk_ins: s.walkIns,
  };
};

/** A bulk message's audience: see repo.selectAudience (`exec`: the caller's transaction). */
export const messageAudience = (
  exec: Executor,
  businessId: number,
  status: repo.SubscriptionStatusCode | typeof repo.PROSPECTS | undefined,
): Promise<repo.AudienceRow[]> => repo.selectAudience(exec, businessId, status);
export { PROSPECTS } from './members.repository';
export type { AudienceRow, SubscriptionStatusCode } from './members.repository';

/** A member as the audit trail names them: "Ada Obi (IRON-00042)". */
export const memberLabel = (m: { first_name: string; last_name: string; member_id: string }) =>
  `${`${m.first_name} ${m.last_name}`.trim()} (${m.member_id})`;

/** A member as the audit trail's entries about them name the record. */
const memberRecord = (businessId: number, m: Member) => ({
  businessId,
  recordKind: 'member' as const,
  recordId: m.id,
  recordLabel: memberLabel(m),
  memberId: m.id,
});

/** The member's personal details, each a field an edit may change. */
const PERSONAL_DETAILS = [
  'first_name',
  'middle_name',
  'last_name',
  'mobile_number',
  'email_address',
  'home_address',
  'city',
  'state',
  'date_of_birth',
  'gender',
  'emergency_contact_name',
  'emergency_contact_number',
  'emergency_contact_relationship',
] as const satisfies readonly (keyof Member)[];

/**
 * The member's fields that are personal data, as the answers and the audit trail name them: the
 * details, the picture and the card's code. Erasure blanks each of them.
 */
export const PERSONAL_FIELDS = [...PERSONAL_DETAILS, 'picture_url', 'card_code'] as const;

/** The member's fields an edit may change, as the trail shows each one before → after. */
const EDITABLE_FIELDS = [
  ...PERSONAL_DETAILS,
  'country_code',
  'subscription_type_id',
  'reminders_opt_out',
  'marketing_consent',
] as const satisfies readonly (keyof Member)[];

/** Who recorded a consent choice given at the desk: the team user (an import: the import). */
const consentBy = (actor: Actor) =>
  actor.kind === 'user'
    ? { source: 'staff' as const, userId: actor.userId ?? null, userName: actor.name ?? null }
    : { source: 'import' as const };

/** The chosen plan must be one of this business's active plans. */
const checkPlan = async (exec: Executor, businessId: number, planId: number) => {
  const plan = await repo.findPlanForMember(exec, businessId, planId);
  if (!plan) throw chosenPlanNotFound();
  if (!plan.isActive) throw planInactive();
};

/**
 * The Add Member form asked "May {gym} send you offers and news?": the answer starts the
 * member's consent history (an import or an older client sends none: not asked).
 */
const recordConsent = async (
  tx: Tx,
  businessId: number,
  memberId: number,
  input: CreateMemberInput,
  actor: Actor,
) => {
  const choice = input.marketing_consent;
  if (choice === 'yes' || choice === 'no')
    await insertConsent(tx, { ...consentBy(actor), businessId, memberId, choice });
};

/**
 * A walk-in of this business with the new member's phone joins instead of a second record being
 * added: their record takes the form's details and becomes a member's (counted from now), with
 * their visits and payments kept. The trail says they joined and what the form changed. The
 * phone is locked for the rest of the transaction (a day pass for it waits). Undefined when no
 * walk-in has that phone.
 */
const joinWalkInWithPhone = async (
  tx: Tx,
  businessId: number,
  values: repo.MemberInsert,
  actor: Actor,
): Promise<number | undefined> => {
  await repo.lockPhone(tx, businessId, values.mobileNumber);
  const walkIn = await repo.walkInWithPhone(tx, businessId, values.mobileNumber);
  if (!walkIn) return undefined;
  const row = await repo.findMember(tx, businessId, walkIn.id);
  if (!row) return undefined;
  const before = toMember(row);
  await repo.joinWalkIn(tx, businessId, walkIn.id, values);
  const after = toMember((await repo.findMember(tx, businessId, walkIn.id))!);
  const record = memberRecord(businessId, after);
  await recordAudit(tx, actor, { ...record, action: 'member.join', detail: { via: 'member' } });
  await recordEdit(tx, actor, record, EDITABLE_FIELDS, before, after);
  return walkIn.id;
};

/**
 * Adds a member with the business's next member ID (or, when a walk-in has their phone, makes
 * that walk-in the member: joinWalkInWithPhone). With an idempotency key, sending the same
 * member again (a double click, a retry) answers the member already added (`replayed`).
 */
export const createMember = async (
  ctx: AppContext,
  businessId: number,
  input: CreateMemberInput,
  idempotencyKey: string | undefined,
  actor: Actor,
): Promise<{ member: Member; replayed: boolean }> => {
  const values = fieldsOf(input) as repo.MemberInsert;
  try {
    const { id, replayed } = await createOnce(
      ctx.db,
      { businessId, scope: 'member', key: idempotencyKey, body: input },
      async (tx) => {
        if (input.subscription_type_id) await checkPlan(tx, businessId, input.subscription_type_id);
        const joined = await joinWalkInWithPhone(tx, businessId, values, actor);
        if (joined !== undefined) {
          await recordConsent(tx, businessId, joined, input, actor);
          return joined;
        }
        const seq = await repo.nextMemberNumber(tx, businessId);
        if (!seq) throw memberNotFound();
        const memberCode = `${seq.code}-${String(seq.seq).padStart(5, '0')}`;
        const id = await repo.insertMember(
          tx,
          businessId,
          { memberNumber: seq.seq, memberCode },
          values,
        );
        await recordAudit(tx, actor, {
          businessId,
          action: 'member.create',
          recordKind: 'member',
          recordId: id,
          recordLabel: memberLabel({ ...input, member_id: memberCode }),
          memberId: id,
        });
        await recordConsent(tx, businessId, id, input, actor);
        return id;
      },
    );
    return { member: await getMemberForBusiness(ctx, businessId, id), replayed };
  } catch (err) {
    // The plan was deleted between the check and the insert.
    if (isForeignKeyViolation(err)) throw chosenPlanNotFound();
    throw err;
  }
};

/**
 * Changes the given fields of a member of this business (404 when there is none), with its
 * audit entries, in one transaction: the member's row is locked, so "before" is what the edit
 * replaced.
 */
const changeMember = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  write: (tx: Tx, before: Member) => Promise<void>,
  audit: (tx: Tx, before: Member, after: Member) => Promise<void>,
): Promise<Member> =>
  ctx.db.transaction(async (tx) => {
    if (!(await repo.lockMember(tx, businessId, id))) throw memberNotFound();
    const row = await repo.findMember(tx, businessId, id);
    if (!row) throw memberNotFound();
    // An erased member stays erased: their details are gone for good, the account closed.
    if (row.member.erasedAt) throw conflict(MEMBER_ERASED, 'MEMBER_ERASED');
    const before = toMember(row);
    await write(tx, before);
    const after = await getMemberForBusiness(ctx, businessId, id, tx);
    await audit(tx, before, after);
    return after;
  });

export const updateMember = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  input: UpdateMemberInput,
  actor: Actor,
): Promise<Member> => {
  const changes = fieldsOf(input);
  try {
    return await changeMember(
      ctx,
      businessId,
      id,
      async (tx, current) => {
        const planId = input.subscription_type_id;
        if (planId != null && planId !== current.subscription_type_id)
          await checkPlan(tx, businessId, planId);
        await repo.updateMember(tx, businessId, id, changes);
        // Staff changed the member's answer to offers and news: kept in the consent history.
        const choice = input.marketing_consent;
        if (choice && choice !== current.marketing_consent)
          await insertConsent(tx, { ...consentBy(actor), businessId, memberId: id, choice });
      },
      (tx, before, after) =>
        recordEdit(tx, actor, memberRecord(businessId, after), EDITABLE_FIELDS, before, after),
    );
  } catch (err) {
    if (isForeignKeyViolation(err)) throw chosenPlanNotFound();
    throw err;
  }
};

/**
 * Sets a member's picture (called by the uploads module); 404 for another business's member.
 * The trail says the picture changed, never its address.
 */
export const setMemberPicture = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  url: string,
  actor: Actor,
): Promise<void> => {
  await changeMember(
    ctx,
    businessId,
    memberId,
    async (tx) => void (await repo.updateMember(tx, businessId, memberId, { pictureUrl: url })),
    (tx, _before, after) =>
      recordAudit(tx, actor, { ...memberRecord(businessId, after), action: 'member.picture' }),
  );
};

/** A day-pass buyer: names, the phone in E.164, and the city and state to file them under. */
export interface WalkIn {
  firstName: string;
  lastName: string;
  mobileNumber: string;
  city: string;
  state: string;
}

/**
 * The member of this business with the walk-in's phone, or a new member marked as a walk-in,
 * in the caller's transaction. Two sales for one new phone at once add one member: the phone is
 * locked for the rest of the transaction. Several members sharing the phone: the one with the
 * same names, else the first added.
 */
export const findOrAddWalkIn = async (
  tx: Tx,
  businessId: number,
  walkIn: WalkIn,
  actor: Actor,
): Promise<{ id: number; added: boolean }> => {
  await repo.lockPhone(tx, businessId, walkIn.mobileNumber);
  const same = (a: string, b: string) => foldForSearch(a) === foldForSearch(b);
  const found = await repo.membersWithPhone(tx, businessId, walkIn.mobileNumber);
  const member =
    found.find((m) => same(m.firstName, walkIn.firstName) && same(m.lastName, walkIn.lastName)) ??
    found[0];
  if (member) return { id: member.id, added: false };
  const seq = await repo.nextMemberNumber(tx, businessId);
  if (!seq) throw memberNotFound();
  const memberCode = `${seq.code}-${String(seq.seq).padStart(5, '0')}`;
  const id = await repo.insertMember(
    tx,
    businessId,
    { memberNumber: seq.seq, memberCode },
    { ...walkIn, isWalkIn: true },
  );
  await recordAudit(tx, actor, {
    businessId,
    action: 'member.create',
    recordKind: 'member',
    recordId: id,
    recordLabel: memberLabel({
      first_name: walkIn.firstName,
      last_name: walkIn.lastName,
      member_id: memberCode,
    }),
    memberId: id,
    detail: { walk_in: true },
  });
  return { id, added: true };
};
