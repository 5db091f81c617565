/**
 * The few Paystack calls Kora makes, with a business's own secret key: check the key, initialise
 * a transaction, verify one, create a customer and its dedicated transfer account. Every call
 * answers Paystack's `data` or throws PaystackError: `refused` (Paystack answered and said no:
 * a wrong key, an unknown reference, a business not allowed dedicated accounts) or
 * `unreachable` (no answer, a timeout, a 5xx). The key and the answers' links never reach a log.
 */

export class PaystackError extends Error {
  constructor(
    public readonly kind: 'refused' | 'unreachable',
    /** Paystack's own message (refused) or what failed (unreachable). */
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'PaystackError';
  }
}

/** A transaction as Paystack's verify call answers it (the fields Kora reads). */
export interface PaystackTransaction {
  status: string;
  reference: string;
  /** Kobo. */
  amount: number;
  currency: string;
  /** card, bank, ussd, bank_transfer, dedicated_nuban, … */
  channel: string;
  /** The authorization's own channel (`dedicated_nuban` for a transfer into a dedicated account). */
  authorization_channel?: string;
  /**
   * The account number a transfer was received into: the authorization's
   * `receiver_bank_account_number` (or the metadata's `receiver_account_number`); '' for a charge
   * that was not a transfer into a dedicated account.
   */
  receiver_account_number?: string;
  paid_at?: string | null;
  metadata?: unknown;
  customer?: { customer_code?: string; email?: string } | null;
}

export interface PaystackClient {
  checkKey(): Promise<void>;
  initialize(input: {
    email: string;
    amountKobo: number;
    reference: string;
    callbackUrl: string;
    metadata: Record<string, unknown>;
  }): Promise<{ authorizationUrl: string; accessCode: string }>;
  verify(reference: string): Promise<PaystackTransaction>;
  createCustomer(input: {
    email: string;
    firstName: string;
    lastName: string;
    phone?: string;
  }): Promise<{ customerCode: string }>;
  createDedicatedAccount(
    customerCode: string,
    preferredBank?: string,
  ): Promise<{ accountNumber: string; accountName: string; bankName: string }>;
}

const TIMEOUT_MS = 15_000;

interface Answer {
  status?: boolean;
  message?: string;
  data?: unknown;
}

/** A client for one business's Paystack account. */
export const paystackClient = (baseUrl: string, secretKey: string): PaystackClient => {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new PaystackError(
        'unreachable',
        timedOut ? `Paystack did not answer within ${TIMEOUT_MS / 1000} s` : 'Paystack unreachable',
      );
    }
    let answer: Answer = {};
    try {
      answer = (await res.json()) as Answer;
    } catch {
      /* not JSON: judged by the status below */
    }
    if (res.status >= 500 || res.status === 429)
      throw new PaystackError('unreachable', `Paystack answered ${res.status}`, res.status);
    if (!res.ok || answer.status !== true)
      throw new PaystackError(
        'refused',
        typeof answer.message === 'string' ? answer.message.slice(0, 200) : `HTTP ${res.status}`,
        res.status,
      );
    return answer.data;
  };

  const record = (v: unknown): Record<string, unknown> =>
    v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');

  return {
    async checkKey() {
      await call('GET', '/transaction?perPage=1');
    },
    async initialize(input) {
      const data = record(
        await call('POST', '/transaction/initialize', {
          email: input.email,
          amount: input.amountKobo,
          currency: 'NGN',
          reference: input.reference,
          callback_url: input.callbackUrl,
          metadata: input.metadata,
        }),
      );
      const authorizationUrl = text(data.authorization_url);
      if (!/^https?:\/\//.test(authorizationUrl))
        throw new PaystackError('unreachable', 'Paystack answered no checkout link');
      return { authorizationUrl, accessCode: text(data.access_code) };
    },
    async verify(reference) {
      const data = record(
        await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`),
      );
      const customer = record(data.customer);
      const authorization = record(data.authorization);
      return {
        status: text(data.status),
        reference: text(data.reference),
        amount: Number(data.amount),
        currency: text(data.currency),
        channel: text(data.channel) || text(authorization.channel),
        authorization_channel: text(authorization.channel),
        receiver_account_number:
          text(authorization.receiver_bank_account_number) ||
          text(record(data.metadata).receiver_account_number),
        paid_at: text(data.paid_at) || null,
        metadata: data.metadata,
        customer: {
          customer_code: text(customer.customer_code),
          email: text(customer.email),
        },
      };
    },
    async createCustomer(input) {
      const data = record(
        await call('POST', '/customer', {
          email: input.email,
          first_name: input.firstName,
          last_name: input.lastName,
          ...(input.phone ? { phone: input.phone } : {}),
        }),
      );
      const customerCode = text(data.customer_code);
      if (!customerCode) throw new PaystackError('unreachable', 'Paystack answered no customer');
      return { customerCode };
    },
    async createDedicatedAccount(customerCode, preferredBank) {
      const data = record(
        await call('POST', '/dedicated_account', {
          customer: customerCode,
          ...(preferredBank ? { preferred_bank: preferredBank } : {}),
        }),
      );
      const accountNumber = text(data.account_number);
      if (!accountNumber) throw new PaystackError('unreachable', 'Paystack answered no account');
      return {
        accountNumber,
        accountName: text(data.account_name),
        bankName: text(record(data.bank).name),
      };
    },
  };
};
