import { badRequest } from './errors';
import { memberTextEmail } from './mail-templates';
import type { Channel, OutgoingMessage } from './outbox';

/** Who a member message is about and comes from: the gym's name, e-mail address and logo. */
interface About {
  businessId: number;
  memberId: number;
  firstName: string;
  gym: { name: string; email: string | null; logoUrl: string | null };
}

/**
 * A kind of message a gym sends one member (a payment link, a card, a receipt): its outbox
 * `ref`, subject and short plain text (an SMS is one or two parts). By e-mail it comes from the
 * gym: the subject, the gym's name as the sender, replies to the gym's address, and the text in
 * the gym's frame besides the plain text; by SMS or WhatsApp the text alone.
 */
export const memberMessage =
  <V>(ref: string, subject: (v: About & V) => string, text: (v: About & V) => string) =>
  (channel: Channel, to: string, v: About & V): OutgoingMessage => {
    const extra = { businessId: v.businessId, memberId: v.memberId, ref };
    const body = text(v);
    if (channel !== 'email') return { channel, to, subject: null, text: body, ...extra };
    const title = subject(v);
    return {
      channel,
      to,
      subject: title,
      text: body,
      html: memberTextEmail({ gym: v.gym, subject: title, text: body }),
      fromName: v.gym.name,
      replyTo: v.gym.email,
      ...extra,
    };
  };

/**
 * The refusal when a member has no address for the channel chosen: 400 `NO_ADDRESS`, the
 * message (`words`, the screen's own) on the channel field.
 */
export const noAddress = (channel: Channel, words: { noEmail: string; noPhone: string }) => {
  const message = channel === 'email' ? words.noEmail : words.noPhone;
  return badRequest(message, 'NO_ADDRESS', { channel: message });
};
