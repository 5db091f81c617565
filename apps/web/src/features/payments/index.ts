/** What other parts of the web app may use from the payments feature. */
export { paymentsFeature } from './routes';
export { RecordPaymentModal } from './components/record-payment-modal';
export { useRecordPaymentModal } from './use-record-payment-modal';
export { GroupMembersField, groupMemberIdsFor } from './components/group-members-field';
export { ReceiptActions } from './components/receipt-actions';
export { ReceiptSettings } from './components/receipt-settings';
