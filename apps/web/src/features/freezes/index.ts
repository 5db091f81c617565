/** What other parts of the web app may use from the freezes feature. */
export { FreezeRequestsCard } from './components/freeze-requests-card';
export { MemberFreezesCard } from './components/member-freezes-card';
