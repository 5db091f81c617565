import {
  INVALID_NG_PHONE,
  SUBSCRIPTION_STATUS_LABELS,
  koboToNaira,
  lagosDay,
  monthStart,
  pageMeta,
  type CreateMemberInput,
  type DurationType,
  type Gender,
  type Member,
  type MemberListQuery,
  type MemberSummary,
  type PageMeta,
  type SubscriptionStatus,
  type UpdateMemberInput,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { phoneSearchDigits, toNigerianE164 } from '../../lib/phone';
import * as repo from './members.repository';

export const MEMBER_NOT_FOUND = 'Member not found.';
export const PLAN_NOT_FOUND = 'Subscription plan not found.';
export const PLAN_INACTIVE = 'This plan is inactive. Choose an active plan.';

const memberNotFound = () => notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
const planNotFound = () =>
  badRequest(PLAN_NOT_FOUND, 'PLAN_NOT_FOUND', { subscription_type_id: PLAN_NOT_FOUND });

const toMember = (row: repo.MemberRow): Member => {
  const m = row.member;
  const status = row.subscriptionStatus as SubscriptionStatus;
  return {
    id: m.id,
    member_id: m.memberId,
    first_name: m.firstName,
    middle_name: m.middleName,
    last_name: m.lastName,
    mobile_number: m.mobileNumber,
    email_address: m.emailAddress,
    home_address: m.homeAddress,
    city: m.city,
    state: m.state,
    country_code: m.countryCode,
    date_of_birth: m.dateOfBirth,
    gender: m.gender as Gender | null,
    emergency_contact_name: m.emergencyContactName,
    emergency_contact_number: m.emergencyContactNumber,
    emergency_contact_relationship: m.emergencyContactRelationship,
    subscription_type_id: m.subscriptionTypeId,
    subscription_type:
      row.planId == null
        ? null
        : {
            id: row.planId,
            name: row.planName!,
            amount: koboToNaira(row.planAmountKobo!),
            duration: row.planDuration!,
            duration_type: row.planDurationType as DurationType,
          },
    subscription_status: status,
    subscription_status_label: SUBSCRIPTION_STATUS_LABELS[status],
    is_active: m.isActive,
    picture_url: m.pictureUrl,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
};

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

export const listMembers = async (
  ctx: AppContext,
  businessId: number,
  query: MemberListQuery,
): Promise<{ data: Member[]; meta: PageMeta }> => {
  const search = query.search || undefined;
  const { rows, total } = await repo.listMembers(ctx.db, businessId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
    search,
    phoneDigits: search ? phoneSearchDigits(search) : null,
  });
  return { data: rows.map(toMember), meta: pageMeta(query.page, query.per_page, total) };
};

export const memberSummary = async (
  ctx: AppContext,
  businessId: number,
): Promise<MemberSummary> => {
  // Lagos is UTC+1 all year (no daylight saving).
  const since = new Date(`${monthStart(lagosDay())}T00:00:00+01:00`);
  const s = await repo.memberSummary(ctx.db, businessId, since);
  return { total: s.total, active: s.active, new_this_month: s.newThisMonth, churned: s.churned };
};

/** Phones in any usual Nigerian form become E.164; anything else is a 400 on that field. */
const normalisePhones = <T extends { mobile_number?: string; emergency_contact_number?: string | null }>(
  input: T,
) => {
  const errors: Record<string, string> = {};
  const out: { mobileNumber?: string; emergencyContactNumber?: string | null } = {};
  if (input.mobile_number !== undefined) {
    const e164 = toNigerianE164(input.mobile_number);
    if (e164) out.mobileNumber = e164;
    else errors.mobile_number = INVALID_NG_PHONE;
  }
  if (input.emergency_contact_number != null) {
    const e164 = toNigerianE164(input.emergency_contact_number);
    if (e164) out.emergencyContactNumber = e164;
    else errors.emergency_contact_number = INVALID_NG_PHONE;
  } else if (input.emergency_contact_number === null) out.emergencyContactNumber = null;
  if (Object.keys(errors).length) throw badRequest(INVALID_NG_PHONE, 'VALIDATION_ERROR', errors);
  return out;
};

/** The chosen plan must be one of this business's active plans. */
const checkPlan = async (exec: Executor, businessId: number, planId: number) => {
  const plan = await repo.findPlanForMember(exec, businessId, planId);
  if (!plan) throw planNotFound();
  if (!plan.isActive)
    throw badRequest(PLAN_INACTIVE, 'PLAN_INACTIVE', { subscription_type_id: PLAN_INACTIVE });
};

const isForeignKeyViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
};

type Changes = repo.MemberChanges;
const fieldsOf = (input: UpdateMemberInput): Changes => {
  const out: Changes = {
    firstName: input.first_name,
    middleName: input.middle_name,
    lastName: input.last_name,
    emailAddress: input.email_address,
    homeAddress: input.home_address,
    city: input.city,
    state: input.state,
    countryCode: input.country_code,
    dateOfBirth: input.date_of_birth,
    gender: input.gender,
    emergencyContactName: input.emergency_contact_name,
    emergencyContactRelationship: input.emergency_contact_relationship,
    subscriptionTypeId: input.subscription_type_id,
    isActive: input.is_active,
    ...normalisePhones(input),
  };
  for (const k of Object.keys(out) as (keyof Changes)[]) if (out[k] === undefined) delete out[k];
  return out;
};

export const createMember = async (
  ctx: AppContext,
  businessId: number,
  input: CreateMemberInput,
): Promise<Member> => {
  const values = fieldsOf(input) as repo.MemberInsert;
  try {
    return await ctx.db.transaction(async (tx) => {
      if (input.subscription_type_id) await checkPlan(tx, businessId, input.subscription_type_id);
      const seq = await repo.nextMemberNumber(tx, businessId);
      if (!seq) throw memberNotFound();
      const memberId = `${seq.code}-${String(seq.seq).padStart(5, '0')}`;
      const id = await repo.insertMember(tx, businessId, { memberNumber: seq.seq, memberId }, values);
      return getMemberForBusiness(ctx, businessId, id, tx);
    });
  } catch (err) {
    // The plan was deleted between the check and the insert.
    if (isForeignKeyViolation(err)) throw planNotFound();
    throw err;
  }
};

export const updateMember = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  input: UpdateMemberInput,
): Promise<Member> => {
  const changes = fieldsOf(input);
  const current = await getMemberForBusiness(ctx, businessId, id);
  const planId = input.subscription_type_id;
  if (planId != null && planId !== current.subscription_type_id)
    await checkPlan(ctx.db, businessId, planId);
  try {
    if (!(await repo.updateMember(ctx.db, businessId, id, changes))) throw memberNotFound();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw planNotFound();
    throw err;
  }
  return getMemberForBusiness(ctx, businessId, id);
};

/** Sets a member's picture (called by the uploads module); 404 for another business's member. */
export const setMemberPicture = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  url: string,
): Promise<void> => {
  if (!(await repo.updateMember(ctx.db, businessId, memberId, { pictureUrl: url })))
    throw memberNotFound();
};
