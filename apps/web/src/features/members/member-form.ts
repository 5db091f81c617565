import {
  createMemberSchema,
  updateMemberSchema,
  type CreateMemberInput,
  type Member,
  type UpdateMemberInput,
} from '@kora/shared';
import { blankValues, formAdapter } from '@/lib/form-adapter';
import { formatPhone } from '@/lib/format';
import { MEMBER_TEXTS } from './member-texts';

/** What the members pages say (member-texts.ts), for the pages that take it with the form. */
export { MEMBER_TEXTS };

/** The member's pages (details, edit): their list, and what they say when the member is not there. */
export const MEMBER_RECORD = { ...MEMBER_TEXTS, list: 'members', back: 'Back to Members' };

/** The "member updated" banner shows for 5 seconds. */
export const MEMBER_UPDATED_BANNER_MS = 5_000;

/**
 * A new member: every field empty ('' is none in the selects too), in Nigeria (NG). The offers
 * question starts unticked: the member is asked, and says no unless they say yes.
 */
export const emptyMemberForm = {
  ...blankValues(createMemberSchema),
  country_code: 'NG',
  marketing_consent: 'no',
};

/** The member fields as text; `subscription_type_id` is a plan id, or '' for none. */
export type MemberFormValues = typeof emptyMemberForm;

/**
 * The member form: the shared rules and messages for create and edit alike (every field is
 * present). Its own rules: phones show in the local form people dial; the gender and plan
 * selects keep '' for none, sent as null, and the plan id is sent as a number.
 */
export const memberForm = formAdapter({
  create: createMemberSchema,
  update: updateMemberSchema,
  empty: emptyMemberForm,
  fromEntity: (m: Member) => ({
    mobile_number: formatPhone(m.mobile_number),
    emergency_contact_number: formatPhone(m.emergency_contact_number),
  }),
  toSchema: (v) => ({
    ...v,
    gender: v.gender || null,
    subscription_type_id: v.subscription_type_id ? Number(v.subscription_type_id) : null,
  }),
});

export const memberFormValues = memberForm.fromEntity;

/** On create, empty values are left out. */
export const toCreateInput = (values: MemberFormValues): Partial<CreateMemberInput> =>
  memberForm.createPayload(values);

/**
 * On edit, only the changed fields; an emptied optional field is sent as null. Nothing
 * changed gives {} (and nothing is sent).
 */
export const toUpdateInput = (
  values: MemberFormValues,
  initial: MemberFormValues,
): UpdateMemberInput => memberForm.updatePayload(values, initial);
