/** What other parts of the web app may use from the subscriptions feature. */
export { subscriptionsKey } from './api';
export { ListToolbar } from './components/list-toolbar';
export type { FilterChoice } from './components/list-filter-panel';
export { activeFilterCount, listQuery, type FilterKey, type ListFilters } from './list-filters';
export { useChosenMember } from './use-chosen-member';
export { useListFilters } from './use-list-filters';
export { AmountText, NowrapText, memberPlanColumns } from './components/list-columns';
export { MemberItemCards } from './components/member-item-cards';
