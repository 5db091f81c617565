/** What other parts of the web app may use from the freezes feature. */
export { EndFreezeButton } from './components/end-freeze-button';
export { FreezeRequestsCard } from './components/freeze-requests-card';
export { MemberFreezesCard } from './components/member-freezes-card';
