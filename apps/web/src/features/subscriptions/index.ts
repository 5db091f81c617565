/** What other parts of the web app may use from the subscriptions feature. */
export { subscriptionsFeature } from './routes';
export { GroupCoverCard } from './components/group-cover-card';
export { currentGroupOf, useMemberCover } from './group-cover';
