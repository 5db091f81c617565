/** What other parts of the web app may use from the settings feature. */
export { settingsFeature } from './routes';
