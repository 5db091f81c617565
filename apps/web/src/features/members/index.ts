/** What other parts of the web app may use from the members feature. */
export { membersFeature } from './routes';
export { MemberAutocomplete } from './components/member-autocomplete';
export { MemberCombobox } from './components/member-combobox';
export { useMemberPicker } from './components/use-member-picker';
export { MemberCell } from './components/member-cell';
export { MemberDetailsPage } from './pages/member-details-page';
export { useChosenMember, useMemberFilter } from './use-chosen-member';
export { deactivatedReason } from './member-format';
