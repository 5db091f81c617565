/** What other parts of the web app may use from the check-in feature. */
export { checkInFeature } from './routes';
export { CheckInPage } from './pages/check-in-page';
export { MemberCardCard } from './components/member-card-card';
