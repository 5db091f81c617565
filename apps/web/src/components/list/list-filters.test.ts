import { describe, expect, it } from 'vitest';
import { queryString } from '@/lib/api-client';
import { activeFilterCount, listQuery, readFilters } from './list-filters';

const KEYS = ['member_id', 'subscription_type_id', 'status', 'start_date', 'end_date'] as const;

describe('list filters', () => {
  it('reads the filters of the list from the query string, ignoring what the API would refuse', () => {
    const q = new URLSearchParams(
      'member_id=5&subscription_type_id=x&status=active&method=Cash&start_date=2026-02-30&end_date=2026-11-30&page=2',
    );
    expect(readFilters(q, KEYS)).toEqual({
      member_id: '5',
      status: 'active',
      end_date: '2026-11-30',
    });
    expect(readFilters(new URLSearchParams('status=lapsed'), KEYS)).toEqual({});
    expect(
      readFilters(new URLSearchParams('start_date=2026-11-20&end_date=2026-11-01'), KEYS),
    ).toEqual({ start_date: '2026-11-20' });
  });

  it("checks a filter by the list's own rule: the payments' statuses, the dashboard's day", () => {
    const keys = ['status', 'unconfirmed_before'] as const;
    const rules = { status: (v: string) => ['voided', 'unconfirmed'].includes(v) };
    const read = (q: string) => readFilters(new URLSearchParams(q), keys, rules);
    expect(read('status=unconfirmed&unconfirmed_before=2026-11-25')).toEqual({
      status: 'unconfirmed',
      unconfirmed_before: '2026-11-25',
    });
    // A subscription status is not a payment status; a day that is not one is dropped.
    expect(read('status=active&unconfirmed_before=2026-11-31')).toEqual({});
    expect(activeFilterCount({ status: 'unconfirmed', unconfirmed_before: '2026-11-25' })).toBe(1);
    expect(queryString(listQuery(1, 20, { unconfirmed_before: '2026-11-25' }))).toBe(
      '?page=1&per_page=20&unconfirmed_before=2026-11-25',
    );
  });

  it('counts member, plan, method or status, and the date range as one', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ member_id: '5', status: 'active' })).toBe(2);
    expect(activeFilterCount({ start_date: '2026-11-01', end_date: '2026-11-30' })).toBe(1);
    expect(
      activeFilterCount({
        member_id: '5',
        subscription_type_id: '7',
        method: 'Cash',
        end_date: '2026-11-30',
      }),
    ).toBe(4);
  });

  it('builds the list call with page, page size and the filters set', () => {
    expect(queryString(listQuery(2, 20, { member_id: '5', status: '' }))).toBe(
      '?page=2&per_page=20&member_id=5',
    );
  });
});
