/**
 * The member list's filters and the longest search it takes: plain values, no schema, so the
 * web app's members list builds its filters without loading the schemas.
 */

/** A search of the members matches up to this many characters. */
export const MEMBER_SEARCH_MAX = 100;

/** The member list's account filter: active or deactivated accounts; none (or `all`) is both. */
export const MEMBER_ACCOUNT_STATUSES = ['active', 'inactive'] as const;
export type MemberAccountStatus = (typeof MEMBER_ACCOUNT_STATUSES)[number];

/**
 * The member list's kind filter: `member` (the default: members, walk-ins left out), `walk_in`
 * (people a day pass added who have not joined) or `all` (both).
 */
export const MEMBER_KINDS = ['member', 'walk_in', 'all'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

/**
 * The member list's last-visit filter, in Lagos days (today counts as one): `last_7` came on one
 * of the last 7 days, `last_30` on one of the last 30, `not_14` has not come on any of the last
 * 14 (or never has).
 */
export const MEMBER_VISITED_FILTERS = ['last_7', 'last_30', 'not_14'] as const;
export type MemberVisitedFilter = (typeof MEMBER_VISITED_FILTERS)[number];
