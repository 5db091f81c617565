import type { Communication, Delivery } from '@kora/shared';
import { ok } from '@/test/mock-fetch';

/** A message to all members by SMS, sent at once and delivered to all 12. */
export const communication = (overrides: Partial<Communication> = {}): Communication => ({
  id: 14,
  group: 'all_members',
  channel: 'sms',
  purpose: 'service',
  message: '<p>Hello {{first_name}}, the gym opens at 6 am tomorrow.</p>',
  status: 'SENT',
  is_scheduled: false,
  schedule_date: null,
  created_at: '2026-11-20T09:30:00.000Z',
  recipients: 12,
  delivered: 12,
  failed: 0,
  skipped: 0,
  sms_parts: 1,
  ...overrides,
});

/** Chiamaka's delivery, sent on the first attempt. */
export const delivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  id: 1,
  member_id: 5,
  member_name: 'Chiamaka Okafor',
  to: '+2348031234567',
  status: 'sent',
  attempts: 1,
  error: null,
  provider_id: 'p-1',
  sent_at: '2026-11-20T09:31:00.000Z',
  ...overrides,
});

/** The groups and channels the server offers. */
export const optionRoutes = {
  'GET /v1/options/comms_group': () =>
    ok([
      { id: 1, key: 'all_members', label: 'All Members' },
      { id: 2, key: 'active_members', label: 'Active Members' },
      { id: 3, key: 'expired_members', label: 'Expired Members' },
      { id: 4, key: 'all_prospects', label: 'All Prospects' },
    ]),
  'GET /v1/options/comms_channel': () =>
    ok([
      { id: 1, key: 'email', label: 'Email' },
      { id: 2, key: 'sms', label: 'SMS' },
      { id: 3, key: 'whatsapp', label: 'WhatsApp' },
    ]),
};

const rect = {
  x: 0,
  y: 0,
  top: 0,
  left: 0,
  bottom: 0,
  right: 0,
  width: 0,
  height: 0,
  toJSON: () => ({}),
} as DOMRect;

/**
 * Tests only: the layout calls ProseMirror makes (to scroll the cursor into view) that jsdom
 * lacks, answered with empty boxes, so the editor can be typed into.
 */
export const stubEditorLayout = () => {
  const rects = () => Object.assign([rect], { item: () => rect }) as unknown as DOMRectList;
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = () => rect;
  document.elementFromPoint = () => null;
};
