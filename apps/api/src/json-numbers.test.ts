import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathOf, type Contract } from '@kora/shared';
import { snapshot } from './test/contract-matrix';
import { CONTRACT_GROUPS } from './test/contracts';
import { useTestApp, useTenants } from './test/hooks';
import { pay, paymentBody } from './test/payments';
import { memberTokenFor } from './test/portal';
import { addMember, addPlan } from './test/tenants';

/*
 * Numbers in JSON bodies are JSON numbers (or their plain decimal text, "5000", as a form sends
 * it), nothing else. Every number field of every JSON-body call, found in its contract's schema
 * (money, counts, ids, at any depth, and the ids of a list), is sent each value below in an
 * otherwise valid body: each answers 400 with the field's own message, and nothing is stored
 * (`{"counted": null}` is no cash-up of ₦0, `"amount": true` no plan of ₦1, `"member_id": [4]`
 * no payment for member 4).
 */

/** JSON has no Infinity: a number too large for a double, written into the body as it is. */
const TOO_LARGE = '__too_large__';

const HOSTILE: readonly unknown[] = [
  null,
  true,
  false,
  [],
  [4],
  {},
  '',
  ' ',
  '0x10',
  '1e1',
  'Infinity',
  'NaN',
  '-0',
  ' 5',
  '5 ',
  TOO_LARGE,
];

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  nullable?: boolean;
};

const branches = (s: JsonSchema): JsonSchema[] => [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
const hasType = (s: JsonSchema, type: string): boolean =>
  (Array.isArray(s.type) ? s.type.includes(type) : s.type === type) ||
  branches(s).some((b) => hasType(b, type));
/** A number field: a number or integer schema (not a 0/1 switch written as constants). */
const isNumber = (s: JsonSchema): boolean =>
  (s.const === undefined &&
    s.enum === undefined &&
    ['number', 'integer'].some((type) =>
      Array.isArray(s.type) ? s.type.includes(type) : s.type === type,
    )) ||
  branches(s).some(isNumber);
const isNullable = (s: JsonSchema) => s.nullable === true || hasType(s, 'null');
const objectOf = (s: JsonSchema): JsonSchema | undefined =>
  s.properties ? s : branches(s).find((b) => b.properties);
const itemsOf = (s: JsonSchema): JsonSchema | undefined =>
  s.items ?? branches(s).find((b) => b.items)?.items;

interface NumberField {
  /** The field's path as the error answer names it: `group_member_ids.0`, `mapping.city`. */
  path: string;
  /** null is a value of the field (no plan, no limit): not sent. */
  nullable: boolean;
}

/**
 * The number fields of a body schema: every property, of nested objects and of the first item
 * of lists the valid body `base` holds, and the items of a list of numbers.
 */
const numberFields = (schema: JsonSchema, base: unknown, prefix = ''): NumberField[] => {
  const object = objectOf(schema);
  if (!object?.properties) return [];
  const value = (base ?? {}) as Record<string, unknown>;
  return Object.entries(object.properties).flatMap(([name, s]) => {
    const path = `${prefix}${name}`;
    if (isNumber(s)) return [{ path, nullable: isNullable(s) }];
    const items = itemsOf(s);
    if (items && isNumber(items)) return [{ path: `${path}.0`, nullable: isNullable(items) }];
    if (items && Array.isArray(value[name]) && value[name].length)
      return numberFields(items, value[name][0], `${path}.0.`);
    if (objectOf(s) && value[name] && typeof value[name] === 'object')
      return numberFields(s, value[name], `${path}.`);
    return [];
  });
};

/** `body` with `value` at `path` (lists and objects on the way made as needed). */
const withValue = (body: Record<string, unknown>, path: string, value: unknown) => {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  keys.slice(0, -1).forEach((key, i) => {
    node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys.at(-1)!] = value;
  return copy;
};

interface Ids {
  member: number;
  otherMember: number;
  plan: number;
  payment: number;
}

/**
 * A valid body of every call whose JSON body has a number field (its ids filled in). A new call
 * with a number field and no body here fails the first test.
 */
const BODIES: Record<string, (ids: Ids) => Record<string, unknown>> = {
  updateBusinessProfile: (ids) => ({ day_pass_plan_id: ids.plan }),
  recordCashUp: () => ({ counted: 1000, note: 'Count' }),
  checkIn: (ids) => ({ member_id: ids.member, found_by: 'name', override_reason: 'Pays today' }),
  previewMemberImport: () => ({
    header_row: 1,
    mapping: { first_name: 0, last_name: 1, mobile_number: 2, email_address: 3 },
    duplicates: 'skip',
  }),
  createMember: (ids) => ({
    first_name: 'Chiamaka',
    last_name: 'Eze',
    mobile_number: '08039876543',
    city: 'Ikeja',
    state: 'Lagos',
    subscription_type_id: ids.plan,
  }),
  updateMember: (ids) => ({ subscription_type_id: ids.plan }),
  createPaymentLink: (ids) => ({
    subscription_type_id: ids.plan,
    duration: 1,
    channel: 'copy',
    group_member_ids: [ids.otherMember],
  }),
  assignHeldPayment: (ids) => ({
    member_id: ids.member,
    subscription_type_id: ids.plan,
    duration: 1,
  }),
  recordPayment: (ids) => ({
    ...paymentBody(ids.member, ids.plan, 25000),
    group_member_ids: [ids.otherMember],
  }),
  refundPayment: () => ({
    amount: 1000,
    method: 'Cash',
    reason: 'Overcharged',
    subscription: 'keep',
  }),
  createPlan: () => ({
    name: 'Gold',
    amount: 5000,
    duration: 1,
    duration_type: 'month',
    is_grouped: 1,
    group_limit: 3,
    freeze_allowed: true,
    freeze_fee: 1000,
  }),
  updatePlan: () => ({ name: 'Gold Plan' }),
  startPortalPayment: (ids) => ({ subscription_type_id: ids.plan, duration: 1 }),
  updateReminderSettings: () => ({
    enabled: true,
    reminders: [{ offset_days: -3, text: 'Hi {{first_name}}, {{days_left}} days left.' }],
  }),
};

/** Ids the table's bodies use before the records exist (the fields are read from them). */
const SAMPLE_IDS: Ids = { member: 1, otherMember: 2, plan: 1, payment: 1 };

const bodySchemaOf = (c: Contract) =>
  z.toJSONSchema(c.body!, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const CALLS = CONTRACT_GROUPS.flatMap(([, group]) => Object.values(group) as Contract[])
  .filter((c) => c.body)
  .map((c) => {
    const base = BODIES[c.operationId]?.(SAMPLE_IDS);
    return { contract: c, fields: numberFields(bodySchemaOf(c), base) };
  })
  .filter((call) => call.fields.length > 0);

const t = useTestApp();
const { owner } = useTenants(t, { owner: {} });
let ids: Ids;
let memberToken: string;

beforeAll(async () => {
  const plan = await addPlan(t, owner.token, {
    available_online: true,
    is_grouped: 1,
    group_limit: 3,
  });
  const member = await addMember(t, owner.token);
  const other = await addMember(t, owner.token, { mobile_number: '08035550000' });
  const payment = await pay(t, owner, paymentBody(member.id, plan.id, plan.amount));
  ids = { member: member.id, otherMember: other.id, plan: plan.id, payment: payment.id };
  memberToken = await memberTokenFor(t, owner.businessId, member.id);
});

/** The path of a call, its id that of the table's record the path names (1 for others). */
const urlOf = (c: Contract) => {
  const named = c.path.match(/\/([a-z-]+)\/:id/)?.[1];
  const id =
    named === 'member'
      ? ids.member
      : named === 'payment'
        ? ids.payment
        : named === 'subscription-type'
          ? ids.plan
          : 1;
  return pathOf(c.path, { business_code: owner.code, id });
};

const tokenOf = (c: Contract): string | undefined => {
  if (c.access === 'public') return undefined;
  if (c.access === 'member') return memberToken;
  if (c.access === 'kiosk') throw new Error(`${c.operationId}: a kiosk call with a number field`);
  return owner.token;
};

describe('numbers in JSON bodies', () => {
  it('knows every call whose JSON body has a number field, each with a valid body', () => {
    const all = CONTRACT_GROUPS.flatMap(([, group]) => Object.values(group) as Contract[]).filter(
      (c) => c.body,
    );
    const withNumbers = all.filter((c) => numberFields(bodySchemaOf(c), {}).length > 0);
    expect(withNumbers.length).toBeGreaterThan(10);
    expect(withNumbers.filter((c) => !BODIES[c.operationId]).map((c) => c.operationId)).toEqual([]);
    const invalid = CALLS.flatMap(({ contract: c }) => {
      const parsed = c.body!.safeParse(BODIES[c.operationId]!(SAMPLE_IDS));
      return parsed.success ? [] : [`${c.operationId}: ${parsed.error.message}`];
    });
    expect(invalid).toEqual([]);
    // Money, counts and ids of every kind: the ones the gym lost money to.
    const paths = CALLS.flatMap(({ contract: c, fields }) =>
      fields.map((f) => `${c.operationId} ${f.path}`),
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        'recordCashUp counted',
        'createPlan amount',
        'recordPayment member_id',
        'recordPayment group_member_ids.0',
        'createPlan freeze_fee',
        'updateReminderSettings reminders.0.offset_days',
      ]),
    );
  });

  it.each(CALLS.map((call) => [call.contract.operationId, call] as const))(
    '%s: each number field refuses null, true, [], "", "0x10", "1e1", … with its message and stores nothing',
    async (_, { contract: c, fields }) => {
      const base = BODIES[c.operationId]!(ids);
      const failures: string[] = [];
      const before = await snapshot(t);
      for (const field of fields) {
        const refused = c.body!.safeParse(withValue(base, field.path, 'not a number'));
        const message = refused.error?.issues.find((i) => i.path.join('.') === field.path)?.message;
        if (!message) {
          failures.push(`${field.path}: the contract takes "not a number"`);
          continue;
        }
        for (const value of HOSTILE) {
          if (value === null && field.nullable) continue;
          const payload = JSON.stringify(withValue(base, field.path, value)).replace(
            JSON.stringify(TOO_LARGE),
            '1e309',
          );
          const res = await t.app.inject({
            method: c.method,
            url: urlOf(c),
            payload,
            headers: {
              'content-type': 'application/json',
              ...(tokenOf(c) ? { authorization: `Bearer ${tokenOf(c)}` } : {}),
            },
          });
          const sent = `${field.path} = ${value === TOO_LARGE ? '1e309' : JSON.stringify(value)}`;
          const answer = res.statusCode === 400 ? res.json().errors?.[field.path] : undefined;
          if (res.statusCode !== 400 || answer !== message)
            failures.push(`${sent} → ${res.statusCode} ${answer ?? res.body.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await snapshot(t)).toEqual(before);
    },
  );

  it('takes a JSON number and its plain decimal text alike', async () => {
    for (const counted of [2500.5, '2500.50']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/cash-up',
        payload: { counted, note: '' },
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.counted).toBe(2500.5);
    }
  });
});
