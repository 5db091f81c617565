import { call, json, type TestApp } from '../../test/app';
import { useTestApp } from '../../test/hooks';
import { LOOPBACK_PAYSTACK_KEYS, type LoopbackPaystack } from '../../test/loopback-paystack';
import { useLoopbackPaystack } from '../../test/online';
import type { Tenant } from '../../test/tenants';

/**
 * The online payment tests' setup: a loopback Paystack (two accounts, A and B), started before
 * the app so the app's PAYSTACK_BASE_URL points at it, and closed after.
 */
export const useOnlineApp = (): { t: TestApp; paystack: LoopbackPaystack } => {
  const { paystack, config } = useLoopbackPaystack();
  return { t: useTestApp(config), paystack };
};

export const [KEY_A, KEY_B] = LOOPBACK_PAYSTACK_KEYS;

/**
 * Connects the tenant's business with `key` and registers its webhook URL on the loopback (as a
 * gym pastes it in the Paystack dashboard), delivered into the app by inject.
 */
export const connectPaystack = async (
  t: TestApp,
  paystack: LoopbackPaystack,
  tenant: Tenant,
  key: string,
  opts: { transferAccounts?: boolean } = {},
) => {
  const res = await call(t.app, 'PUT', '/v1/business/paystack', {
    token: tenant.token,
    body: { secret_key: key },
  });
  if (res.statusCode !== 200) throw new Error(`connect failed: ${res.body}`);
  const webhookPath = new URL(json(res).data.webhook_url).pathname;
  paystack.webhooks.set(key, (hook) =>
    t.app.inject({ method: 'POST', url: webhookPath, headers: hook.headers, payload: hook.body }),
  );
  if (opts.transferAccounts) {
    await call(t.app, 'PATCH', '/v1/business/paystack', {
      token: tenant.token,
      body: { transfer_accounts: true },
    });
  }
  return webhookPath;
};

/** Creates a payment link through the API; answers the response. */
export const createLink = (
  t: TestApp,
  tenant: Tenant,
  memberId: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  call(t.app, 'POST', `/v1/member/${memberId}/payment-link`, {
    token: tenant.token,
    body: { duration: 1, channel: 'copy', ...body },
    headers,
  });
