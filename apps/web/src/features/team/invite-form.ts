import { inviteSchema } from '@kora/shared';
import { formAdapter } from '@/lib/form-adapter';

export const INVITE_TEXTS = {
  sentTitle: 'Invitation sent successfully',
  failedTitle: 'Invitation failed',
  failed: 'An error occurred while sending the invitation. Please try again.',
} as const;

/** The confirmation stays this long, then the list loads again and the dialog closes. */
export const INVITE_MODAL_CLOSE_MS = 3_000;

export type InviteFormValues = {
  email: string;
  /** 'admin' or 'staff'; '' until one is chosen. */
  role: string;
};

/** The invite form: the shared rules and messages; the payload is `createPayload`. */
export const inviteForm = formAdapter({
  create: inviteSchema,
  empty: { email: '', role: '' } as InviteFormValues,
});
