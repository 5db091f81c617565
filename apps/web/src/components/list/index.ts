/** The payments and subscriptions lists' UI: search, filters in the URL, columns and cards. */
export {
  AmountText,
  NowrapText,
  memberPlanColumns,
  type MemberPlanParts,
  type MemberPlanRow,
} from './list-columns';
export { type FilterChoice, type MemberPicker, type MemberPickerProps } from './list-filter-panel';
export { activeFilterCount, listQuery, type FilterKey, type ListFilters } from './list-filters';
export { FilteredListCard } from './filtered-list-card';
export { ListToolbar } from './list-toolbar';
export { MemberItemCards, type MemberItemCard } from './member-item-cards';
export { useListFilters } from './use-list-filters';
