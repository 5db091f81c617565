/** The payments and subscriptions lists' UI: search, filters in the URL, columns and cards. */
export { AmountText, NowrapText, memberPlanColumns } from './list-columns';
export { type FilterChoice } from './list-filter-panel';
export { FILTER_KEYS, listQuery, statusChoice, type ListFilters } from './list-filters';
export { FilteredListCard } from './filtered-list-card';
export { MemberItemCards } from './member-item-cards';
export { useListFilters } from './use-list-filters';
