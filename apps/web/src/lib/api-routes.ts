// Written by `npm run api-routes -w @kora/web` from the shared contracts (its test fails when
// they change and this file does not): each call of the API, its method and path only.
import type * as shared from '@kora/shared';
import type { RoutesOf } from './api-route';

export const authContracts: RoutesOf<typeof shared.authContracts> = {
  register: { method: 'POST', path: '/v1/auth/register' },
  requestVerificationCode: { method: 'POST', path: '/v1/auth/verify-email/request' },
  verifyEmail: { method: 'POST', path: '/v1/auth/verify-email/validate' },
  login: { method: 'POST', path: '/v1/auth/login' },
  refresh: { method: 'POST', path: '/v1/auth/refresh' },
  logout: { method: 'POST', path: '/v1/auth/logout' },
  requestPasswordReset: { method: 'POST', path: '/v1/auth/reset-password' },
  confirmPasswordReset: { method: 'POST', path: '/v1/auth/reset-password-confirm' },
  checkLink: { method: 'POST', path: '/v1/auth/link/check' },
  me: { method: 'GET', path: '/v1/auth/me' },
  updateProfile: { method: 'PATCH', path: '/v1/auth/update-profile' },
  changePassword: { method: 'POST', path: '/v1/auth/change-password' },
};

export const businessContracts: RoutesOf<typeof shared.businessContracts> = {
  create: { method: 'POST', path: '/v1/business' },
  profile: { method: 'GET', path: '/v1/business/profile' },
  update: { method: 'PATCH', path: '/v1/business/profile' },
  states: { method: 'GET', path: '/v1/location/states' },
};

export const uploadContracts: RoutesOf<typeof shared.uploadContracts> = {
  upload: { method: 'POST', path: '/v1/business/upload_file' },
};

export const planContracts: RoutesOf<typeof shared.planContracts> = {
  list: { method: 'GET', path: '/v1/subscription-type' },
  presets: { method: 'GET', path: '/v1/subscription-type/presets' },
  get: { method: 'GET', path: '/v1/subscription-type/:id' },
  create: { method: 'POST', path: '/v1/subscription-type' },
  update: { method: 'PATCH', path: '/v1/subscription-type/:id' },
  remove: { method: 'DELETE', path: '/v1/subscription-type/:id' },
};

export const memberContracts: RoutesOf<typeof shared.memberContracts> = {
  list: { method: 'GET', path: '/v1/member' },
  summary: { method: 'GET', path: '/v1/member/summary' },
  get: { method: 'GET', path: '/v1/member/:id' },
  create: { method: 'POST', path: '/v1/member' },
  update: { method: 'PATCH', path: '/v1/member/:id' },
};

export const paymentContracts: RoutesOf<typeof shared.paymentContracts> = {
  list: { method: 'GET', path: '/v1/payment' },
  summary: { method: 'GET', path: '/v1/payment/summary' },
  record: { method: 'POST', path: '/v1/payment' },
  get: { method: 'GET', path: '/v1/payment/:id' },
  void: { method: 'POST', path: '/v1/payment/:id/void' },
  refund: { method: 'POST', path: '/v1/payment/:id/refund' },
  confirm: { method: 'POST', path: '/v1/payment/:id/confirm' },
  confirmDay: { method: 'POST', path: '/v1/payment/confirm-day' },
};

export const subscriptionContracts: RoutesOf<typeof shared.subscriptionContracts> = {
  list: { method: 'GET', path: '/v1/subscription' },
  summary: { method: 'GET', path: '/v1/subscription/summary' },
};

export const teamContracts: RoutesOf<typeof shared.teamContracts> = {
  list: { method: 'GET', path: '/v1/user' },
  invite: { method: 'POST', path: '/v1/user/invite' },
  resendInvitation: { method: 'POST', path: '/v1/user/:id/resend-invitation' },
  changeRole: { method: 'PATCH', path: '/v1/user/:id/role' },
  remove: { method: 'DELETE', path: '/v1/user/:id' },
};

export const communicationsContracts: RoutesOf<typeof shared.communicationsContracts> = {
  groups: { method: 'GET', path: '/v1/options/comms_group' },
  channels: { method: 'GET', path: '/v1/options/comms_channel' },
  audience: { method: 'GET', path: '/v1/comms/audience' },
  list: { method: 'GET', path: '/v1/comms' },
  get: { method: 'GET', path: '/v1/comms/:id' },
  deliveries: { method: 'GET', path: '/v1/comms/:id/deliveries' },
  create: { method: 'POST', path: '/v1/comms' },
  cancel: { method: 'POST', path: '/v1/comms/:id/cancel' },
  retry: { method: 'POST', path: '/v1/comms/:id/retry' },
};

export const onlineContracts: RoutesOf<typeof shared.onlineContracts> = {
  connection: { method: 'GET', path: '/v1/business/paystack' },
  connect: { method: 'PUT', path: '/v1/business/paystack' },
  update: { method: 'PATCH', path: '/v1/business/paystack' },
  disconnect: { method: 'DELETE', path: '/v1/business/paystack' },
  createLink: { method: 'POST', path: '/v1/member/:id/payment-link' },
  listLinks: { method: 'GET', path: '/v1/member/:id/payment-link' },
  cancelLink: { method: 'POST', path: '/v1/payment-link/:id/cancel' },
  transferAccount: { method: 'GET', path: '/v1/member/:id/transfer-account' },
  createTransferAccount: { method: 'POST', path: '/v1/member/:id/transfer-account' },
  sendTransferAccount: { method: 'POST', path: '/v1/member/:id/transfer-account/send' },
  listHeld: { method: 'GET', path: '/v1/held-payment' },
  assignHeld: { method: 'POST', path: '/v1/held-payment/:id/assign' },
  dismissHeld: { method: 'POST', path: '/v1/held-payment/:id/dismiss' },
  payPage: { method: 'GET', path: '/v1/pay/:reference' },
};

export const reminderContracts: RoutesOf<typeof shared.reminderContracts> = {
  settings: { method: 'GET', path: '/v1/business/reminders' },
  update: { method: 'PUT', path: '/v1/business/reminders' },
  memberSends: { method: 'GET', path: '/v1/member/:id/reminders' },
  summary: { method: 'GET', path: '/v1/reminders/summary' },
};

export const dashboardContracts: RoutesOf<typeof shared.dashboardContracts> = {
  overview: { method: 'GET', path: '/v1/dashboard' },
  attendance: { method: 'GET', path: '/v1/dashboard/attendance' },
  atRisk: { method: 'GET', path: '/v1/dashboard/at-risk' },
};

export const exportContracts: RoutesOf<typeof shared.exportContracts> = {
  members: { method: 'GET', path: '/v1/member/export' },
  payments: { method: 'GET', path: '/v1/payment/export' },
  subscriptions: { method: 'GET', path: '/v1/subscription/export' },
  visits: { method: 'GET', path: '/v1/check-in/export' },
};

export const importContracts: RoutesOf<typeof shared.importContracts> = {
  upload: { method: 'POST', path: '/v1/member-import' },
  get: { method: 'GET', path: '/v1/member-import/:id' },
  preview: { method: 'PUT', path: '/v1/member-import/:id' },
  start: { method: 'POST', path: '/v1/member-import/:id/start' },
  refused: { method: 'GET', path: '/v1/member-import/:id/refused' },
};

export const checkInContracts: RoutesOf<typeof shared.checkInContracts> = {
  lookup: { method: 'GET', path: '/v1/check-in/lookup' },
  record: { method: 'POST', path: '/v1/check-in' },
  listDay: { method: 'GET', path: '/v1/check-in' },
  memberVisits: { method: 'GET', path: '/v1/member/:id/visits' },
  roster: { method: 'GET', path: '/v1/check-in/roster' },
  getCard: { method: 'GET', path: '/v1/member/:id/card' },
  replaceCard: { method: 'POST', path: '/v1/member/:id/card/replace' },
  sendCard: { method: 'POST', path: '/v1/member/:id/card/send' },
};

export const kioskContracts: RoutesOf<typeof shared.kioskContracts> = {
  list: { method: 'GET', path: '/v1/settings/kiosks' },
  create: { method: 'POST', path: '/v1/settings/kiosks' },
  revoke: { method: 'DELETE', path: '/v1/settings/kiosks/:id' },
  open: { method: 'POST', path: '/v1/kiosk/open' },
  info: { method: 'GET', path: '/v1/kiosk' },
  checkIn: { method: 'POST', path: '/v1/kiosk/check-in' },
  exit: { method: 'POST', path: '/v1/kiosk/exit' },
};

export const dayPassContracts: RoutesOf<typeof shared.dayPassContracts> = {
  sell: { method: 'POST', path: '/v1/day-pass' },
};

export const kioskEntryContracts: RoutesOf<typeof shared.kioskEntryContracts> = {
  get: { method: 'GET', path: '/v1/settings/kiosk-entry' },
  set: { method: 'PUT', path: '/v1/settings/kiosk-entry' },
  setMemberPin: { method: 'PUT', path: '/v1/member/:id/kiosk-pin' },
};

export const auditContracts: RoutesOf<typeof shared.auditContracts> = {
  list: { method: 'GET', path: '/v1/audit' },
  export: { method: 'GET', path: '/v1/audit/export' },
};

export const receiptContracts: RoutesOf<typeof shared.receiptContracts> = {
  get: { method: 'GET', path: '/v1/payment/:id/receipt' },
  pdf: { method: 'GET', path: '/v1/payment/:id/receipt.pdf' },
  send: { method: 'POST', path: '/v1/payment/:id/receipt/send' },
  getSettings: { method: 'GET', path: '/v1/business/receipt-settings' },
  updateSettings: { method: 'PUT', path: '/v1/business/receipt-settings' },
};

export const cashUpContracts: RoutesOf<typeof shared.cashUpContracts> = {
  expected: { method: 'GET', path: '/v1/cash-up/expected' },
  record: { method: 'POST', path: '/v1/cash-up' },
  list: { method: 'GET', path: '/v1/cash-up' },
  week: { method: 'GET', path: '/v1/cash-up/week' },
};

export const privacyContracts: RoutesOf<typeof shared.privacyContracts> = {
  consentHistory: { method: 'GET', path: '/v1/member/:id/consent' },
  export: { method: 'GET', path: '/v1/member/:id/export' },
  erase: { method: 'POST', path: '/v1/member/:id/erase' },
  erasureRequests: { method: 'GET', path: '/v1/erasure-request' },
};

export const freezeContracts: RoutesOf<typeof shared.freezeContracts> = {
  list: { method: 'GET', path: '/v1/member/:id/freeze' },
  create: { method: 'POST', path: '/v1/member/:id/freeze' },
  end: { method: 'POST', path: '/v1/member/:id/freeze/:freeze_id/end' },
  approve: { method: 'POST', path: '/v1/member/:id/freeze/:freeze_id/approve' },
  decline: { method: 'POST', path: '/v1/member/:id/freeze/:freeze_id/decline' },
  requests: { method: 'GET', path: '/v1/freeze-request' },
};
