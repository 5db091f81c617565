import { describe, expect, it } from 'vitest';
import { afterSignIn, backOfficePath, loginPath } from './next-path';

describe('the page to return to after signing in', () => {
  it.each([
    ['/members/add', '/members/add'],
    ['/members/12/edit', '/members/12/edit'],
    ['/dashboard/payments?status=held&page=2', '/dashboard/payments?status=held&page=2'],
    ['/dashboard', '/dashboard'],
    ['/settings', '/settings'],
  ])('%s → %s', (raw, expected) => {
    expect(backOfficePath(raw)).toBe(expected);
  });

  it.each([
    'https://evil.example/members',
    '//evil.example/members',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/members\u0000',
    '/members\n/x',
    'members',
    '',
    '/',
    '/login',
    '/signup',
    '/set-password?token=x',
    '/blog/some-article',
    '/no-such-page',
  ])('refuses %j', (raw) => {
    expect(backOfficePath(raw)).toBeNull();
  });

  it('refuses a path longer than 1,000 characters', () => {
    expect(backOfficePath(`/members?search=${'a'.repeat(1000)}`)).toBeNull();
  });

  it('the login link carries a safe path only, and sign-in goes there or to /dashboard', () => {
    expect(loginPath('/members/add')).toBe('/login?next=%2Fmembers%2Fadd');
    expect(loginPath('//evil.example')).toBe('/login');
    expect(loginPath(null)).toBe('/login');
    expect(loginPath('/dashboard')).toBe('/login');
    expect(afterSignIn('?next=%2Fmembers%2Fadd')).toBe('/members/add');
    expect(afterSignIn('?next=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(afterSignIn('')).toBe('/dashboard');
  });
});
