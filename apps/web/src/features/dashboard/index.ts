/** What other parts of the web app may use from the dashboard feature. */
export { DashboardOverview } from './components/dashboard-overview';
// Tests start their answers from it.
export { emptyDashboard } from './dashboard-format';
