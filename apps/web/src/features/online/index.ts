/** What other parts of the web app may use from the online payments feature. */
export { usePaystackConnected } from './api';
export { HeldPaymentsTask } from './components/held-payments-task';
export { MemberOnlinePayments } from './components/member-online-payments';
export { PaystackSettings } from './components/paystack-settings';
export { SendLinkButton } from './components/send-link-button';
export { useSendLinkModal } from './components/use-send-link-modal';
