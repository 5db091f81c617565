/** What other parts of the web app may use from the privacy feature. */
export { ErasureRequestsCard } from './components/erasure-requests-card';
export { MemberPrivacyCard } from './components/member-privacy-card';
