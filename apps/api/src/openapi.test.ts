import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import type { Contract } from '@kora/shared';
import { CONTRACT_GROUPS } from './test/contracts';
import { useTestApp } from './test/hooks';

/*
 * The API's OpenAPI document (served at /docs/json) must pass a standard linter with its
 * recommended rules: every operation with an operationId, a summary, a tag, its success answer
 * and the error answer of its 4xx.
 */

const t = useTestApp();

const document = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    servers?: unknown;
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
};

describe('the OpenAPI document', () => {
  it('passes the recommended rules of a standard linter without an error', async () => {
    const doc = await document();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(errors).toEqual([]);
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
