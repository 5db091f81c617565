import type { Role } from './auth';

/**
 * What a signed-in member of a business may do. Owners and admins may do everything; staff run
 * the front desk (members, subscriptions, payments, messages) and only read plans, the team and
 * the business settings. The API refuses the rest with 403 and the web app disables it with
 * the same reason.
 */
export const ACTIONS = [
  'dashboard.read',
  'members.read',
  'members.write',
  'plans.read',
  'plans.manage',
  'subscriptions.read',
  'payments.read',
  'payments.record',
  'business.read',
  'business.manage',
  'team.read',
  'team.manage',
  'communications.read',
  'communications.send',
  /** Look members up at the desk and read visits (every role). */
  'check_in.read',
  /** Check members in, or let one in despite a red verdict with a reason (every role). */
  'check_in.record',
  /** Read the audit trail (who did what, when) and export it (owners and admins). */
  'audit.read',
  /**
   * Void a payment recorded by mistake (every role: the service lets staff void only their own
   * Cash payment within 30 minutes, before their cash-up covers it).
   */
  'payments.void',
  /** Record money given back on a payment (owners and admins). */
  'payments.refund',
  /** Tick desk transfers against the bank statement (owners and admins). */
  'payments.confirm',
  /** Count one's own cash drawer at the end of a shift (every role). */
  'cash_up.record',
  /** Read cash-ups (every role: staff see only their own). */
  'cash_up.read',
  /** Download a member's data, erase a member, read erasure requests (owners and admins). */
  'privacy.manage',
  /** Freeze a member, end a freeze, approve or decline a member's request (every role). */
  'freezes.manage',
] as const;
export type Action = (typeof ACTIONS)[number];

/** The actions only an owner or an admin may take. */
const MANAGERS_ONLY: ReadonlySet<Action> = new Set([
  'plans.manage',
  'business.manage',
  'team.manage',
  'audit.read',
  'payments.refund',
  'payments.confirm',
  'privacy.manage',
]);

/** Whether `role` may take `action`; nobody without a role (no business yet) may take any. */
export const can = (role: Role | null | undefined, action: Action): boolean =>
  role === 'owner' || role === 'admin' || (role === 'staff' && !MANAGERS_ONLY.has(action));

/**
 * The two things an owner may let staff do (Settings: "Staff see revenue", "Staff may give
 * discounts"); owners and admins always may.
 */
export interface StaffAllowances {
  staff_see_revenue: boolean;
  staff_give_discounts: boolean;
}

/**
 * Whether `role` sees money totals (the dashboard's revenue cards and charts, the payments
 * summary's totals, the payments export): owners and admins; staff when the owner allows it.
 */
export const canSeeRevenue = (
  role: Role | null | undefined,
  allowed: Pick<StaffAllowances, 'staff_see_revenue'> | null | undefined,
): boolean =>
  role === 'owner' || role === 'admin' || (role === 'staff' && allowed?.staff_see_revenue === true);

/** Whether `role` may give a discount when recording a payment (staff when the owner allows). */
export const canGiveDiscount = (
  role: Role | null | undefined,
  allowed: Pick<StaffAllowances, 'staff_give_discounts'> | null | undefined,
): boolean =>
  role === 'owner' ||
  role === 'admin' ||
  (role === 'staff' && allowed?.staff_give_discounts === true);

/** The payments export's 403 for staff the owner has not let see revenue. */
export const REVENUE_HIDDEN = 'Only the business owner or an admin can see revenue totals.';

/** What an admin or staff hears when changing what staff may see and do. */
export const OWNER_ONLY = 'Only the business owner can change this.';

/** Why a role may not take an action: the API's 403 message and the web app's tooltip. */
export const NOT_ALLOWED = 'Only the business owner or an admin can do this.';

/** What a caller without a business hears from every back-office call. */
export const NO_BUSINESS_MESSAGE = 'Complete your business setup first.';

/**
 * What a person removed from a business hears on their next call (and reads on the sign-in
 * page): the business by name, or "this business" when its name is not known.
 */
export const accessRemovedMessage = (businessName: string | null | undefined): string =>
  `You no longer have access to ${businessName?.trim() || 'this business'}.`;
