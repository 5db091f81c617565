import {
  checkInVerdict,
  coveringSubscription,
  type CheckInCandidate,
  type CheckInStatus,
  type FoundBy,
  type Role,
  type VerdictSubscription,
  type Visit,
} from '@kora/shared';
import type { CheckInMemberRow, VisitRow } from './check-in.repository';

/*
 * What check-in answers, from the rows it read: a member found with today's verdict, a visit
 * with its people. Pure (it imports the shared verdict and types only): the bench's yardstick
 * bundles it, so the yardstick's answers are Kora's own and only its SQL differs.
 */

/**
 * A member's verdict today (a freeze covering today makes it "Frozen until …"), and the
 * subscription covering today (the visit records it).
 */
export const verdictOf = (
  isActive: boolean,
  today: string,
  subscriptions: VerdictSubscription[],
  frozenUntil: string | null = null,
) => ({
  verdict: checkInVerdict({ is_active: isActive, today, subscriptions, frozen_until: frozenUntil }),
  covering: coveringSubscription(today, subscriptions),
});

/** A member the lookup found, as the desk shows them. */
export const toCandidateMember = (m: CheckInMemberRow): CheckInCandidate['member'] => ({
  id: m.id,
  member_id: m.memberCode,
  first_name: m.firstName,
  last_name: m.lastName,
  mobile_number: m.mobileNumber,
  picture_url: m.pictureUrl,
  is_active: m.isActive,
});

/** Who is reading visits: owners and admins see every override's reason, staff their own. */
export interface Viewer {
  businessId: number;
  userId: number;
  role: Role;
  /** The user's full name, when known: a visit they just recorded is answered without reading it back. */
  name?: string;
}

/** A visit's answer for `viewer` (staff read the reason of only the overrides they recorded). */
export const toVisit = (row: VisitRow, viewer: Viewer): Visit => {
  const overridden = row.overrideReason !== null;
  const mayRead = viewer.role !== 'staff' || row.recordedById === viewer.userId;
  return {
    id: row.id,
    visited_at: row.visitedAt.toISOString(),
    member: {
      id: row.memberId,
      member_id: row.memberCode,
      first_name: row.firstName,
      last_name: row.lastName,
      picture_url: row.pictureUrl,
    },
    recorded_by:
      row.recordedById !== null && row.recordedByName !== null
        ? { id: row.recordedById, name: row.recordedByName }
        : null,
    // A kiosk's visit names the kiosk (kept after it is switched off).
    kiosk_name: row.kioskName,
    found_by: row.foundBy as FoundBy,
    verdict_status: row.verdictStatus as CheckInStatus,
    overridden,
    override_reason: overridden && mayRead ? row.overrideReason : null,
  };
};
