/** What other parts of the web app may use from the cash-up feature. */
export { cashUpFeature } from './routes';
