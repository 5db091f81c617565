import {
  authContracts,
  memberContracts,
  paymentContracts,
  planContracts,
  type Member,
} from '@kora/shared';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '@/test/mock-fetch';
import { signIn } from '@/test/session';
import { callApi, idempotent, queryString } from './api-client';
import { REFRESH_PATH } from './http';

describe('callApi', () => {
  it('fills the path, sends the JSON body and the headers, and answers the whole answer', async () => {
    signIn();
    const api = mockFetch({ 'PATCH /v1/member/4': () => ok({ id: 4 }) });
    const answer = await callApi(memberContracts.update, {
      params: { id: 4 },
      body: { city: 'Ikeja' },
      headers: idempotent('k-1'),
    });
    expect(answer).toEqual({ message: 'ok', data: { id: 4 } as Member });
    const [req] = api.sent('PATCH /v1/member/4');
    expect(req!.body).toEqual({ city: 'Ikeja' });
    const init = api.fetch.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({
      'Idempotency-Key': 'k-1',
      'Content-Type': 'application/json',
      Authorization: expect.stringMatching(/^Bearer /),
    });
  });

  it('builds the query string in the order given, without empty values', async () => {
    const api = mockFetch({
      'GET /v1/payment': () => ok([], { meta: {} }),
      'GET /v1/subscription-type': () => ok([]),
    });
    await callApi(paymentContracts.list, {
      query: { page: 2, per_page: 20, member_id: undefined, method: '', start_date: null },
    });
    await callApi(planContracts.list, { query: { is_active: undefined } });
    expect(String(api.fetch.mock.calls[0]![0])).toBe('/v1/payment?page=2&per_page=20');
    expect(String(api.fetch.mock.calls[1]![0])).toBe('/v1/subscription-type');
  });

  it('sends no body on a GET', async () => {
    const api = mockFetch({ 'GET /v1/member/summary': () => ok({}) });
    await callApi(memberContracts.summary);
    expect(api.fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', body: undefined });
  });
});

describe('queryString', () => {
  it('is empty without values', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({ search: '' })).toBe('');
    expect(queryString({ search: 'ada obi', per_page: 50 })).toBe('?search=ada+obi&per_page=50');
  });
});

it('the http client refreshes at the contract path', () => {
  expect(REFRESH_PATH).toBe(authContracts.refresh.path);
});
