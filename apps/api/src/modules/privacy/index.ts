import type { KoraModule } from '../module';
import { privacyRoutes } from './privacy.routes';

/**
 * Privacy (Nigeria Data Protection Act 2023): marketing consent and its history, a member's data
 * as a ZIP, erasure and erasure requests.
 */
export const privacyModule: KoraModule = {
  name: 'privacy',
  routes: privacyRoutes,
};

// What other modules call (the member portal): the member's own consent, their data, their
// request to be erased.
export { memberExport } from './privacy.export';
export { requestErasure, setMarketingConsent } from './privacy.service';
