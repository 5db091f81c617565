import {
  INVALID_NG_PHONE,
  SUBSCRIPTION_STATUS_LABELS,
  koboToNaira,
  type DurationType,
  type Gender,
  type MarketingConsent,
  type Member,
  type SubscriptionStatus,
  type UpdateMemberInput,
} from '@kora/shared';
import { badRequest } from '../../lib/errors';
import { toNigerianE164 } from '../../lib/phone';
import type * as repo from './members.repository';

/** A member row (with its plan and subscription status) as the API answers it. */
export const toMember = (row: repo.MemberRow): Member => {
  const m = row.member;
  const status = row.subscriptionStatus as SubscriptionStatus;
  return {
    id: m.id,
    member_id: m.memberCode,
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
    reminders_opt_out: m.remindersOptOut,
    marketing_consent: m.marketingConsent as MarketingConsent,
    is_walk_in: m.isWalkIn,
    picture_url: m.pictureUrl,
    last_visit_at: m.lastVisitAt?.toISOString() ?? null,
    frozen_until: row.frozenUntil ?? null,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
};

/** Phones in any usual Nigerian form become E.164; anything else is a 400 on that field. */
const normalisePhones = <
  T extends { mobile_number?: string; emergency_contact_number?: string | null },
>(
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

type Changes = repo.MemberChanges;
/** The given fields as column values; phones become E.164, undefined fields are left out. */
export const fieldsOf = (
  input: Omit<UpdateMemberInput, 'marketing_consent'> & { marketing_consent?: MarketingConsent },
): Changes => {
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
    remindersOptOut: input.reminders_opt_out,
    marketingConsent: input.marketing_consent,
    ...normalisePhones(input),
  };
  for (const k of Object.keys(out) as (keyof Changes)[]) if (out[k] === undefined) delete out[k];
  return out;
};
