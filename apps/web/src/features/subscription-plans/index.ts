/** What other parts of the web app may use from the subscription plans feature. */
export { plansFeature } from './routes';
export { usePlans } from './api';
export { durationLabel, perUnitPrice, planTypeLabel } from './plan-format';
