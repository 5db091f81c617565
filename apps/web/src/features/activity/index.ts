/** What other parts of the web app may use from the activity feature. */
export { activityFeature } from './routes';
export { MemberHistoryCard } from './components/member-history-card';
