import type { KoraModule } from '../module';
import { checkInRoutes } from './check-in.routes';

/**
 * Check-in at the front desk: find a member by card, phone, member ID or name with today's
 * verdict, record their visit (one per 2 hours), the day's and a member's visits, member cards
 * and the card's public page.
 */
export const checkInModule: KoraModule = {
  name: 'check-in',
  /** The member card's public page. */
  prefixes: ['/card/'],
  routes: checkInRoutes,
};

// What other modules may call: the lookup's reading of what was typed, checking a member in
// (the kiosk and the day pass record visits the same way), and a visit's answer.
export {
  checkIn,
  classify,
  lagosTime,
  lookUp,
  noMemberFound,
  type CheckInOutcome,
  type KioskSource,
  type LookupKind,
} from './check-in.service';
export { toVisit, type Viewer } from './check-in.visits';
// Finding a member by card, phone or member ID, their verdict, and recording a visit with the
// 2-hour repeat rule inside the caller's transaction (the kiosk and the day pass use them).
export {
  codeKindOf,
  findVisit,
  membersByCode,
  recordVisit,
  verdictOf,
  type CheckInMember,
  type CodeKind,
  type VisitOutcome,
  type VisitSource,
} from './check-in.visit';
