import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { BLOG_LIMITS, IDEMPOTENCY_KEY_MAX, type Contract } from '@kora/shared';
import { createTestApp } from './test/app';
import { CONTRACT_GROUPS } from './test/contracts';
import { useTestApp, useTenants } from './test/hooks';
import { addMember, createTenant } from './test/tenants';

/*
 * The API's OpenAPI document (served at /docs/json) must pass a standard linter with its
 * recommended rules, warnings included: every operation with an operationId, a summary, a tag,
 * its success answer and the error answer of its 4xx, no path a router could read two ways, a
 * license. It declares what the server really answers: every API test's answers are checked
 * against it (test/answer-check.ts); the checks below show that this catches a drift.
 */

const t = useTestApp();
const { owner } = useTenants(t, { owner: {} });

type Operation = {
  operationId?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: Record<string, unknown> }[];
  responses?: Record<string, { headers?: Record<string, { schema?: Record<string, unknown> }> }>;
  [key: string]: unknown;
};

const document = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    openapi: string;
    info: { license?: { name?: string; url?: string } };
    servers?: unknown;
    paths: Record<string, Record<string, Operation>>;
  };
};

const operationOf = (
  doc: Awaited<ReturnType<typeof document>>,
  c: Contract,
): Operation | undefined =>
  doc.paths[c.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[c.method.toLowerCase()];

const CONTRACTS = CONTRACT_GROUPS.flatMap(([, group]) => Object.values(group) as Contract[]);

describe('the OpenAPI document', () => {
  it('passes the recommended rules of a standard linter without an error or a warning', async () => {
    const doc = await document();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const found = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`,
    );
    expect(found).toEqual([]);
  });

  it('names its license: Kora is proprietary, used under the terms on its site', async () => {
    const doc = await document();
    expect(doc.info.license).toEqual({ name: 'Proprietary', url: 'http://kora.test/terms' });
  });

  it('declares the Idempotency-Key header of every create, as long as the server takes it', async () => {
    const doc = await document();
    const idempotent = CONTRACTS.filter((c) => c.idempotent);
    expect(idempotent.length).toBeGreaterThan(5);
    const undeclared = idempotent
      .filter((c) => {
        const header = operationOf(doc, c)?.parameters?.find(
          (p) => p.in === 'header' && p.name === 'Idempotency-Key',
        );
        return (
          !header ||
          header.required ||
          header.schema?.type !== 'string' ||
          header.schema?.maxLength !== IDEMPOTENCY_KEY_MAX
        );
      })
      .map((c) => c.operationId);
    expect(undeclared).toEqual([]);
    // Calls that are not creates do not claim it.
    const claimed = CONTRACTS.filter(
      (c) =>
        !c.idempotent && operationOf(doc, c)?.parameters?.some((p) => p.name === 'Idempotency-Key'),
    ).map((c) => c.operationId);
    expect(claimed).toEqual([]);
  });

  it('declares the 429 of every operation with its Retry-After header in seconds', async () => {
    const doc = await document();
    const missing = CONTRACTS.filter((c) => {
      const header = operationOf(doc, c)?.responses?.['429']?.headers?.['Retry-After'];
      return header?.schema?.type !== 'integer';
    }).map((c) => c.operationId);
    expect(missing).toEqual([]);
  });

  it('lets null through every nullable choice (a member without a gender)', async () => {
    const doc = await document();
    const member = await addMember(t, owner.token, { gender: null });
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/member/${member.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.json().data.gender).toBeNull();
    // Validated as a strict OpenAPI 3.0 validator reads it (nullable honoured, enums strict).
    expect(doc.openapi).toMatch(/^3\.0\./);
    const ajv = new Ajv({ strict: false, validateSchema: false });
    ajv.addSchema(doc, 'openapi.json');
    const validate = ajv.compile({
      $ref: 'openapi.json#/paths/~1v1~1member~1%7Bid%7D/get/responses/200/content/application~1json/schema',
    });
    expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
  });

  it('declares every operation with its answers', async () => {
    const doc = await document();
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ id: `${method} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(30);
    const missing = operations
      .filter(({ op }) => {
        const responses = (op.responses ?? {}) as Record<string, unknown>;
        const codes = Object.keys(responses);
        return (
          !op.operationId ||
          !op.summary ||
          !(op.tags as unknown[] | undefined)?.length ||
          !codes.some((c) => c.startsWith('2')) ||
          !codes.some((c) => c.startsWith('4'))
        );
      })
      .map(({ id }) => id);
    expect(missing).toEqual([]);
  });

  it('has every contract of the shared package, at its method and path', async () => {
    const doc = await document();
    const contracts = CONTRACT_GROUPS.flatMap(([, group]) => Object.values(group) as Contract[]);
    expect(contracts.length).toBeGreaterThan(30);
    const absent = contracts
      .filter((c) => {
        const path = c.path.replace(/:([A-Za-z_]+)/g, '{$1}');
        return doc.paths[path]?.[c.method.toLowerCase()]?.operationId !== c.operationId;
      })
      .map((c) => `${c.operationId} (${c.method} ${c.path})`);
    expect(absent).toEqual([]);
  });
});

describe('the check of every answer against the document', () => {
  it('passes the answers the document declares, and fails one it does not', async () => {
    const app = await createTestApp(
      {},
      {
        // Stands for a server whose answer drifted from its document: a member's answer
        // carrying a gender the document does not list, and no first name.
        instrument: (bare) =>
          bare.addHook('onSend', async (request, _reply, payload) =>
            request.headers['x-test-drift'] && typeof payload === 'string'
              ? payload
                  .replace('"gender":null', '"gender":"Unknown"')
                  .replace(/"first_name":"[^"]*"/, '"first_name":null')
              : payload,
          ),
      },
    );
    try {
      const tenant = await createTenant(app);
      const member = await addMember(app, tenant.token, { gender: null });
      const get = (headers: Record<string, string> = {}) =>
        app.app.inject({
          url: `/v1/member/${member.id}`,
          headers: { authorization: `Bearer ${tenant.token}`, ...headers },
        });
      expect((await get()).json().data.gender).toBeNull();
      expect(() => app.expectAnswersDocumented()).not.toThrow();

      expect((await get({ 'x-test-drift': '1' })).json().data.gender).toBe('Unknown');
      expect(() => app.expectAnswersDocumented()).toThrow(
        /GET \/v1\/member\/:id → 200 does not match the OpenAPI document: \/data\/first_name must be string; \/data\/gender must be equal to one of the allowed values/,
      );
      // A router refusal in Fastify's own shape would fail it too; ours is the documented error.
      const long = await app.app.inject({ url: `/v1/member/${'1'.repeat(BLOG_LIMITS.slug + 1)}` });
      expect(long.statusCode).toBe(414);
      expect(() => app.expectAnswersDocumented()).not.toThrow();
    } finally {
      await app.close();
    }
  });
});
