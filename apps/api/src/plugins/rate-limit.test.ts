import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '../modules/contact';
import { call, json, signUp, uniqueEmail, withTestApp } from '../test/app';
import { useTestApp } from '../test/hooks';
import { waitText } from './rate-limit';

/** A built web app in miniature: the shell and one hashed script. */
const fakeWebDist = () => {
  const root = mkdtempSync(join(tmpdir(), 'kora-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Kora</title>');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  return root;
};

const t = useTestApp({
  webDist: fakeWebDist(),
  apiRateLimit: { enabled: true, perUserPerMinute: 6, perIpPerMinute: 8 },
});

describe('the general API limit', () => {
  it('never counts page loads: the shell and its scripts answer 200 however often', async () => {
    for (let i = 0; i < 30; i++) {
      const page = await t.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      const script = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(script.statusCode).toBe(200);
    }
  });

  it('counts each signed-in user on their own, however many share one IP', async () => {
    // Signing up makes six anonymous calls from 127.0.0.1 (under its 8); then each user counts alone.
    const ada = await signUp(t, { first_name: 'Ada' });
    const bola = await signUp(t, { first_name: 'Bola' });
    const me = (token: string) => call(t.app, 'GET', '/v1/auth/me', { token });
    for (let i = 0; i < 6; i++) expect((await me(ada.access)).statusCode).toBe(200);
    const blocked = await me(ada.access);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).message).toMatch(
      /^Too many requests at once\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
    );
    expect(json(blocked).code).toBe('RATE_LIMITED');
    // The wait in seconds, for programs: within the minute of the window.
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another user behind the same address is not affected.
    expect((await me(bola.access)).statusCode).toBe(200);
  });

  it('counts calls without a valid sign-in per IP', async () => {
    const anonymous = (ip: string) =>
      t.app.inject({ method: 'GET', url: '/v1/location/states', remoteAddress: ip });
    for (let i = 0; i < 8; i++) expect((await anonymous('10.0.0.7')).statusCode).toBe(200);
    expect((await anonymous('10.0.0.7')).statusCode).toBe(429);
    expect((await anonymous('10.0.0.8')).statusCode).toBe(200);
    // A forged token does not buy a budget of its own.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/v1/location/states',
      remoteAddress: '10.0.0.7',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(429);
  });
});

describe('the account and contact limits', () => {
  it('say the wait in minutes, and in seconds in Retry-After', async () => {
    await withTestApp(
      { rateLimit: { perIp: 100, perEmail: 1, windowMinutes: 15 } },
      async (limited) => {
        const email = uniqueEmail();
        const login = () =>
          call(limited.app, 'POST', '/v1/auth/login', { body: { email, password: 'whatever-1' } });
        expect((await login()).statusCode).toBe(401);
        const blocked = await login();
        expect(blocked.statusCode).toBe(429);
        expect(json(blocked)).toEqual({
          message: 'Too many attempts. Please try again in 15 minutes.',
          code: 'RATE_LIMITED',
        });
        const seconds = Number(blocked.headers['retry-after']);
        expect(seconds).toBeGreaterThan(14 * 60);
        expect(seconds).toBeLessThanOrEqual(15 * 60);

        const contact = () =>
          call(limited.app, 'POST', '/v1/contact', {
            body: {
              business_name: 'Iron Paradise Gym',
              business_email: 'busy.gym@example.com',
              member_stats: '50-100',
              features: ['Gym growth strategy'],
              how_you_found_us: 'Instagram',
              contact_number: '08031234567',
            },
          });
        for (let i = 0; i < CONTACT_RATE_LIMIT.perEmail; i++)
          expect((await contact()).statusCode).toBe(201);
        const over = await contact();
        expect(over.statusCode).toBe(429);
        expect(json(over).message).toBe('Too many attempts. Please try again in 60 minutes.');
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(59 * 60);
        expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
      },
    );
  });
});

describe('waitText', () => {
  it('reads naturally', () => {
    expect(waitText(1000)).toBe('1 second');
    expect(waitText(45_500)).toBe('46 seconds');
    expect(waitText(60_000)).toBe('1 minute');
    expect(waitText(61_000)).toBe('2 minutes');
  });
});
