import { randomBytes } from 'node:crypto';
import { CONTACT_HONEYPOT, type ContactRequest } from '@kora/shared';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/errors';
import { fingerprintOf, KEY_REUSED } from '../../lib/idempotency';
import { enqueueMessages } from '../../lib/outbox';
import { checkRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { salesRequestEmail } from './contact.mail';
import * as repo from './contact.repository';

/** Contact requests per IP address and per business e-mail in an hour (429 past either). */
export const CONTACT_RATE_LIMIT: RateLimitRule = {
  action: 'contact',
  perIp: 10,
  perEmail: 3,
  windowMinutes: 60,
};

/** 32 symbols without 0/O and 1/I, so a ticket ID read over the phone is never misheard. */
const TICKET_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A ticket ID: `KS-` and 8 random symbols (32^8, about 10^12 possibilities). */
export const newTicketCode = (): string =>
  `KS-${[...randomBytes(8)].map((b) => TICKET_ALPHABET[b & 31]).join('')}`;

export const TICKET_CODE_PATTERN = /^KS-[2-9A-HJ-NP-Z]{8}$/;

export interface ContactResult {
  ticketId: string;
  /** The same Idempotency-Key again: the first ticket, nothing new stored or sent. */
  replayed: boolean;
}

const replayOf = (earlier: repo.TicketRow, fingerprint: string): ContactResult => {
  if (earlier.fingerprint !== fingerprint) throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
  return { ticketId: earlier.ticketCode, replayed: true };
};

/**
 * A sales contact request: stored as a ticket and, in the same transaction, an e-mail to the
 * sales address queued in the outbox (Reply-To the business). Limited per IP and per e-mail.
 * A filled honeypot field answers like a success but stores and sends nothing (it still counts
 * against the IP's limit).
 */
export const createContactRequest = async (
  ctx: AppContext,
  input: ContactRequest,
  opts: { ip: string; idempotencyKey?: string },
): Promise<ContactResult> => {
  const { [CONTACT_HONEYPOT]: honeypot, ...request } = input;
  if (honeypot?.trim()) {
    await checkRateLimit(ctx.db, CONTACT_RATE_LIMIT, opts.ip);
    return { ticketId: newTicketCode(), replayed: false };
  }
  const key = opts.idempotencyKey;
  const fingerprint = fingerprintOf(request);
  // A retry of a request already stored is answered without counting against the limits.
  if (key) {
    const earlier = await repo.findTicketByIdempotencyKey(ctx.db, key);
    if (earlier) return replayOf(earlier, fingerprint);
  }
  await checkRateLimit(ctx.db, CONTACT_RATE_LIMIT, opts.ip, request.business_email);
  return ctx.db.transaction(async (tx) => {
    // A taken code (about one chance in 10^12 per ticket stored) is drawn again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const ticket = await repo.insertTicket(tx, {
        ticketCode: newTicketCode(),
        businessName: request.business_name,
        businessEmail: request.business_email,
        memberStats: request.member_stats,
        features: request.features,
        howYouFoundUs: request.how_you_found_us,
        contactNumber: request.contact_number ?? null,
        additionalInformation: request.additional_information ?? null,
        ip: opts.ip.slice(0, 64),
        idempotencyKey: key ?? null,
        fingerprint: key ? fingerprint : null,
      });
      if (ticket) {
        await enqueueMessages(tx, [
          {
            channel: 'email',
            to: ctx.config.salesEmail,
            replyTo: ticket.businessEmail,
            ref: `contact:${ticket.ticketCode}`,
            ...salesRequestEmail(ticket),
          },
        ]);
        return { ticketId: ticket.ticketCode, replayed: false };
      }
      // The same key sent at the same moment: the first request's ticket, once it committed.
      const earlier = key ? await repo.findTicketByIdempotencyKey(tx, key) : undefined;
      if (earlier) return replayOf(earlier, fingerprint);
    }
    throw new Error('no free ticket code after 5 draws');
  });
};
