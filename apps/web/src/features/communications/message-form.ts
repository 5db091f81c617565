import {
  createMessageSchema,
  type CommunicationChannel,
  type CommunicationGroup,
  type CommunicationPurpose,
  type CreateMessageInput,
} from '@kora/shared';
import { formAdapter } from '@/lib/form-adapter';
import { htmlText } from './communications-format';

export type MessageFormValues = {
  group: CommunicationGroup | '';
  channel: CommunicationChannel | '';
  /** Service notice or Promotion: chosen each time (none is picked for the sender). */
  purpose: CommunicationPurpose | '';
  /** The editor's HTML. */
  message: string;
  is_scheduled: boolean;
  /** A datetime-local value in Lagos time: 'YYYY-MM-DDTHH:mm'. */
  schedule_date: string;
};

export const emptyMessageForm: MessageFormValues = {
  group: '',
  channel: '',
  purpose: '',
  message: '',
  is_scheduled: false,
  schedule_date: '',
};

/**
 * The new message form: the shared rules and messages (a select's '' as not chosen; the date
 * counts only when the message is scheduled).
 */
export const messageForm = formAdapter({
  create: createMessageSchema(),
  empty: emptyMessageForm,
  toSchema: (v) => ({
    ...v,
    group: v.group ?? undefined,
    channel: v.channel ?? undefined,
    // Required here, though the API takes a service notice when an older client sends none.
    purpose: v.purpose ?? '',
    message: v.message ?? '',
    schedule_date: v.is_scheduled ? v.schedule_date : null,
  }),
});

/** Whether the editor holds no text (an empty paragraph is blank). */
export const isBlankMessage = (html: string) => htmlText(html) === '';

/** What create sends: the date only when the message is scheduled. */
export const toCreateInput = (v: MessageFormValues): CreateMessageInput => ({
  group: v.group as CommunicationGroup,
  channel: v.channel as CommunicationChannel,
  purpose: v.purpose as CommunicationPurpose,
  message: v.message,
  is_scheduled: v.is_scheduled,
  ...(v.is_scheduled ? { schedule_date: v.schedule_date } : {}),
});

/* What was typed survives a reload of the page (this tab only), until the message is sent. */

const DRAFT_KEY = 'kora.draft.comms-create';

export const readDraft = (): MessageFormValues | undefined => {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as Partial<MessageFormValues>;
    return {
      group: typeof draft.group === 'string' ? (draft.group as CommunicationGroup) : '',
      channel: typeof draft.channel === 'string' ? (draft.channel as CommunicationChannel) : '',
      purpose: draft.purpose === 'service' || draft.purpose === 'promotion' ? draft.purpose : '',
      message: typeof draft.message === 'string' ? draft.message : '',
      is_scheduled: draft.is_scheduled === true,
      schedule_date: typeof draft.schedule_date === 'string' ? draft.schedule_date : '',
    };
  } catch {
    return undefined;
  }
};

export const writeDraft = (values: MessageFormValues | null) => {
  try {
    if (values) window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
    else window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    /* private mode or full: no draft */
  }
};
