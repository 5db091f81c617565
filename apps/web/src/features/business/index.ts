/** What other parts of the web app may use from the business feature. */
export { businessApi, useBusinessProfile, useStates } from './api';
export { BusinessSetupPrompt } from './components/business-setup-prompt';
export { BusinessProfileSettings } from './components/business-profile-settings';
export { DayPassSettings } from './components/day-pass-settings';
export { KioskSettings } from './components/kiosk-settings';
export { PromotionsSettings } from './components/promotions-settings';
export { FreezeSettings } from './components/freeze-settings';
export { StaffAllowanceSettings } from './components/staff-allowance-settings';
