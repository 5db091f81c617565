import { describe, expect, it } from 'vitest';
import { call, json } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';

/*
 * A kiosk opened at the desk is called "Front desk kiosk", or what the person opening it typed
 * over that name; never a date. The name is checked as Settings checks a kiosk's name.
 */

const t = useTestApp();
const g = useTenants(t, { owner: { code: 'KNM' }, staff: { role: 'staff', of: 'owner' } });

const open = (body?: unknown) =>
  call(t.app, 'POST', '/v1/kiosk/open', { token: g.staff.token, body });

const listed = async () =>
  (
    json(await call(t.app, 'GET', '/v1/settings/kiosks', { token: g.owner.token })).data as {
      name: string;
    }[]
  ).map((k) => k.name);

describe('POST /v1/kiosk/open: the new kiosk’s name', () => {
  it('is "Front desk kiosk" without a body or a name, in the answer, the list and the kiosk', async () => {
    for (const body of [undefined, {}]) {
      const res = await open(body);
      expect(res.statusCode, res.body).toBe(201);
      const { kiosk, token } = json(res).data;
      expect(kiosk.name).toBe('Front desk kiosk');
      const info = await call(t.app, 'GET', '/v1/kiosk', {
        headers: { authorization: `Kiosk ${token}` },
      });
      expect(json(info).data.kiosk_name).toBe('Front desk kiosk');
    }
    expect(await listed()).toEqual(['Front desk kiosk', 'Front desk kiosk']);
  });

  it('takes the name typed before opening, trimmed', async () => {
    const res = await open({ name: '  Side entrance ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data.kiosk.name).toBe('Side entrance');
  });

  it('refuses a name Settings would refuse, with the field named', async () => {
    const short = await open({ name: 'x' });
    expect(short.statusCode).toBe(400);
    expect(json(short).errors).toEqual({ name: 'Kiosk name must be at least 2 characters' });
    const long = await open({ name: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(json(long).errors.name).toMatch(/at most 60/);
  });
});
