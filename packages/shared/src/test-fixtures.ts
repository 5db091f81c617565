import type { CheckInVerdict } from './check-in';
import type { Payment } from './payments';

/*
 * Answers the tests of shared, the API and the web app expect alike. Imported as
 * '@kora/shared/test-fixtures' by tests only: nothing here reaches the apps' code.
 */

/**
 * A payment as it is recorded: not voided, nothing refunded, confirmed (not a desk transfer), no
 * discount, counted on the day it reached the server.
 */
export const untouchedPayment = {
  voided: false,
  voided_at: null,
  void_reason: null,
  refunded: 0,
  confirmed: true,
  needs_confirmation: false,
  discount: null,
  paid_on_source: 'recorded',
} as const satisfies Partial<Payment>;

/** The verdict on 27 Nov 2026 of a Monthly plan running from 20 Nov to 20 Dec 2026. */
export const activeVerdict = {
  status: 'active',
  tone: 'green',
  text: 'Active, 23 days left',
  days_left: 23,
  plan_name: 'Monthly',
  start_date: '2026-11-20',
  end_date: '2026-12-20',
  covered_by: null,
} as const satisfies CheckInVerdict;
