import type { KoraModule } from '../module';
import { paymentRoutes } from './payments.routes';

/** Payments; each one creates the subscription it pays for. */
export const paymentsModule: KoraModule = {
  name: 'payments',
  routes: paymentRoutes,
};

// What other modules may call: recording a payment (desk or received online), the group's
// members and the 10 years' cover checks, a freeze's fee (a payment without a subscription), the payment summary, and work to do after each desk payment.
export {
  checkCover,
  checkGroupMembers,
  onDeskPaymentRecorded,
  paymentSummary,
  recordFreezeFee,
  recordPayment,
  recordPaymentIn,
  recordReceivedPayment,
} from './payments.service';
// Voids and refunds with a pinned clock and calendar: the roll-up's randomized test.
export { voidPayment } from './payments.corrections';
export { refundPayment } from './payments.refund';
