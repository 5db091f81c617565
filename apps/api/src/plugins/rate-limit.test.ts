import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, json, signUp } from '../test/app';
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

describe('waitText', () => {
  it('reads naturally', () => {
    expect(waitText(1000)).toBe('1 second');
    expect(waitText(45_500)).toBe('46 seconds');
    expect(waitText(60_000)).toBe('1 minute');
    expect(waitText(61_000)).toBe('2 minutes');
  });
});
