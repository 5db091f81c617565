import { eq } from 'drizzle-orm';
import FormData from 'form-data';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { s3PublicUrl } from '../../lib/storage';
import { call, json, signUp } from '../../test/app';
import { useTestApp } from '../../test/hooks';
import { createTenant } from '../../test/tenants';

const t = useTestApp();

interface FilePart {
  body: Buffer;
  filename: string;
  contentType: string;
}

const upload = (token: string | undefined, fields: Record<string, string>, file?: FilePart) => {
  const form = new FormData();
  if (file)
    form.append('file', file.body, { filename: file.filename, contentType: file.contentType });
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return t.app.inject({
    method: 'POST',
    url: '/v1/business/upload_file',
    payload: form.getBuffer(),
    headers: { ...form.getHeaders(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#f00' } });

const png = (w = 10, h = 10) => image(w, h).png().toBuffer();
const file = (body: Buffer, filename: string, contentType = 'image/png'): FilePart => ({
  body,
  filename,
  contentType,
});

/** A small PNG, as a file part named `filename`. */
const pngFile = async (filename: string) => file(await png(), filename);

const fetchBack = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, meta: await sharp(res.rawPayload).metadata() };
};

describe('POST /v1/business/upload_file', () => {
  it('accepts an image by its content, whatever its name, and serves it back', async () => {
    const user = await signUp(t);
    const res = await upload(
      user.access,
      { file_type: 'business_logo' },
      file(await png(), 'logo.txt', 'text/plain'),
    );
    expect(res.statusCode).toBe(201);
    const url: string = json(res).data.s3_url;
    expect(url).toMatch(new RegExp(`^/uploads/u${user.userId}/business_logo/[0-9a-f-]{36}\\.png$`));
    const { res: got, meta } = await fetchBack(url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toContain('max-age=31536000');
    expect(meta).toMatchObject({ format: 'png', width: 10, height: 10 });
  });

  it('refuses a text file named .png with 415', async () => {
    const user = await signUp(t);
    const text = Buffer.from('just some notes, not a picture\n'.repeat(20));
    const res = await upload(user.access, { file_type: 'business_logo' }, file(text, 'logo.png'));
    expect(res.statusCode).toBe(415);
    expect(json(res).message).toBe('Please select an image file');
  });

  it('refuses an SVG (scripts can hide in it) and a broken image', async () => {
    const user = await signUp(t);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const cut = (await image(400, 400).jpeg().toBuffer()).subarray(0, 300);
    for (const body of [svg, cut]) {
      const res = await upload(user.access, { file_type: 'business_logo' }, file(body, 'a.jpg'));
      expect(res.statusCode).toBe(415);
      expect(json(res).message).toBe('Please select an image file');
    }
  });

  it('refuses a 6 MB file with 413 while it streams', async () => {
    const user = await signUp(t);
    const big = Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload(user.access, { file_type: 'business_logo' }, file(big, 'big.png'));
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe('File size must be less than 5MB');
  });

  it('asks for a file when none is sent, and for a known file_type', async () => {
    const user = await signUp(t);
    const none = await upload(user.access, { file_type: 'business_logo' });
    expect(none.statusCode).toBe(400);
    expect(json(none).message).toBe('Please select an image file');
    const json400 = await call(t.app, 'POST', '/v1/business/upload_file', {
      token: user.access,
      body: { file_type: 'business_logo' },
    });
    expect(json400.statusCode).toBe(400);
    expect(json(json400).message).toBe('Please select an image file');
    const bad = await upload(user.access, { file_type: 'avatar' }, await pngFile('a.png'));
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(
      'file_type must be profile_picture, business_logo or member_picture',
    );
  });

  it('needs a signed-in user', async () => {
    const res = await upload(undefined, { file_type: 'business_logo' }, await pngFile('a.png'));
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token whose session has ended (password changed), changing nothing', async () => {
    const user = await signUp(t);
    const changed = await call(t.app, 'POST', '/v1/auth/change-password', {
      token: user.access,
      body: {
        old_password: user.password,
        new_password: 'another-horse-43',
        confirm_password: 'another-horse-43',
      },
    });
    expect(changed.statusCode).toBe(200);
    const res = await upload(user.access, { file_type: 'profile_picture' }, await pngFile('a.png'));
    expect(res.statusCode).toBe(401);
    expect(json(res).code).toBe('SESSION_ENDED');
    const fresh = json(changed).data.access_token;
    const me = await call(t.app, 'GET', '/v1/auth/me', { token: fresh });
    expect(json(me).data.profile_picture).toBeNull();
  });

  it('sets the caller’s profile picture, before any business exists', async () => {
    const user = await signUp(t);
    const res = await upload(
      user.access,
      { file_type: 'profile_picture' },
      file(await image(40, 40).jpeg().toBuffer(), 'me.jpeg', 'image/jpeg'),
    );
    expect(res.statusCode).toBe(201);
    const url = json(res).data.s3_url;
    expect(url).toMatch(/\/profile_picture\/.+\.jpg$/);
    const me = await call(t.app, 'GET', '/v1/auth/me', { token: user.access });
    expect(json(me).data.profile_picture).toBe(url);
  });

  it('caps the longest side at 1024 px', async () => {
    const user = await signUp(t);
    const wide = await image(3000, 1000).png().toBuffer();
    const res = await upload(user.access, { file_type: 'business_logo' }, file(wide, 'w.png'));
    expect(res.statusCode).toBe(201);
    const { meta } = await fetchBack(json(res).data.s3_url);
    expect(meta.width).toBe(1024);
    expect(meta.height).toBe(341);
  });

  it('turns a photo upright by its EXIF and strips all metadata', async () => {
    const user = await signUp(t);
    const photo = await image(30, 10)
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Home at 6.45N 3.39E' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(user.access, { file_type: 'profile_picture' }, file(photo, 'p.jpg'));
    expect(res.statusCode).toBe(201);
    const { res: got, meta } = await fetchBack(json(res).data.s3_url);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(meta).toMatchObject({ format: 'jpeg', width: 10, height: 30 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(got.rawPayload.includes('Secret Owner')).toBe(false);
  });

  it('keeps WebP as WebP and makes a GIF a still PNG', async () => {
    const user = await signUp(t);
    const cases = [
      [await image(20, 20).webp().toBuffer(), /\.webp$/, 'image/webp'],
      [await image(20, 20).gif().toBuffer(), /\.png$/, 'image/png'],
    ] as const;
    for (const [body, ext, type] of cases) {
      const res = await upload(user.access, { file_type: 'business_logo' }, file(body, 'x.img'));
      expect(res.statusCode).toBe(201);
      expect(json(res).data.s3_url).toMatch(ext);
      const { res: got } = await fetchBack(json(res).data.s3_url);
      expect(got.headers['content-type']).toBe(type);
    }
  });

  it('lets the setup modal upload the logo first, then create the business with it', async () => {
    const user = await signUp(t);
    const up = await upload(user.access, { file_type: 'business_logo' }, await pngFile('l.png'));
    const logo = json(up).data.s3_url;
    const setup = await call(t.app, 'POST', '/v1/business', {
      token: user.access,
      body: {
        business_name: 'Logo Gym',
        address: '3 Awolowo Road',
        city: 'Ikoyi',
        state: 'Lagos',
        logo_url: logo,
      },
    });
    expect(setup.statusCode).toBe(201);
    expect(json(setup).data.logo_url).toBe(logo);
    const me = await call(t.app, 'GET', '/v1/auth/me', { token: user.access });
    expect(json(me).data.business_logo_url).toBe(logo);
  });

  it('files uploads of a business member under the business', async () => {
    const owner = await createTenant(t);
    const res = await upload(owner.token, { file_type: 'business_logo' }, await pngFile('l.png'));
    expect(json(res).data.s3_url).toMatch(
      new RegExp(`^/uploads/${owner.businessId}/business_logo/`),
    );
  });
});

describe('member pictures', () => {
  const addMember = async (businessId: number, n: number) =>
    (
      await t.db
        .insert(members)
        .values({
          businessId,
          memberNumber: n,
          memberCode: `TST-${String(n).padStart(5, '0')}`,
          firstName: 'Chidi',
          lastName: 'Eze',
          mobileNumber: '+2348031234567',
          emailAddress: `chidi${n}@example.com`,
          city: 'Ikeja',
          state: 'Lagos',
        })
        .returning({ id: members.id })
    )[0]!.id;

  const memberPicture = async (id: number) =>
    (await t.db.select().from(members).where(eq(members.id, id)))[0]!.pictureUrl;

  it('sets the picture of a member of the caller’s business (staff too)', async () => {
    const owner = await createTenant(t);
    const staff = await createTenant(t, { businessId: owner.businessId, role: 'staff' });
    const id = await addMember(owner.businessId, 1);
    const fields = { file_type: 'member_picture', entity_id: String(id) };
    const res = await upload(staff.token, fields, await pngFile('m.png'));
    expect(res.statusCode).toBe(201);
    expect(json(res).data.s3_url).toMatch(
      new RegExp(`^/uploads/${owner.businessId}/member_picture/`),
    );
    expect(await memberPicture(id)).toBe(json(res).data.s3_url);
  });

  it('answers 404 for another business’s member and leaves it unchanged', async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const id = await addMember(b.businessId, 2);
    const fields = { file_type: 'member_picture', entity_id: String(id) };
    const res = await upload(a.token, fields, await pngFile('m.png'));
    expect(res.statusCode).toBe(404);
    expect(await memberPicture(id)).toBeNull();
  });

  it('needs an entity_id and a business', async () => {
    const owner = await createTenant(t);
    const missing = await upload(
      owner.token,
      { file_type: 'member_picture' },
      await pngFile('m.png'),
    );
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe('entity_id is required');
    const loner = await signUp(t);
    const res = await upload(
      loner.access,
      { file_type: 'member_picture', entity_id: '1' },
      await pngFile('m.png'),
    );
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Complete your business setup first.');
  });
});

describe('the upload call in the OpenAPI document', () => {
  it('documents the multipart form and the answer; the stored files stay out', async () => {
    const doc = json(await t.app.inject({ method: 'GET', url: '/docs/json' }));
    const op = doc.paths['/v1/business/upload_file'].post;
    expect(op).toMatchObject({ operationId: 'uploadFile', tags: ['business'] });
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    const form = op.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(form.properties).sort()).toEqual(['entity_id', 'file', 'file_type']);
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    const answer = op.responses['201'].content['application/json'].schema;
    expect(answer.properties.data.properties.s3_url.type).toBe('string');
    expect(op.responses['4XX']).toBeDefined();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/uploads'))).toEqual([]);
  });
});

describe('GET /uploads/...', () => {
  it('answers 404 for unknown files and paths outside the folder', async () => {
    for (const url of ['/uploads/nothing.png', '/uploads/../../etc/passwd', '/uploads/%2e%2e/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('S3 public URLs', () => {
  const s3 = { bucket: 'kora', region: 'auto', forcePathStyle: false };
  it('uses S3_PUBLIC_URL, else the endpoint (path or host style), else AWS', () => {
    const key = '7/business_logo/a.png';
    expect(s3PublicUrl({ ...s3, publicUrl: 'https://cdn.kora.ng/' }, key)).toBe(
      'https://cdn.kora.ng/7/business_logo/a.png',
    );
    expect(
      s3PublicUrl({ ...s3, endpoint: 'http://localhost:9000', forcePathStyle: true }, key),
    ).toBe('http://localhost:9000/kora/7/business_logo/a.png');
    expect(s3PublicUrl({ ...s3, endpoint: 'https://fra1.digitaloceanspaces.com' }, key)).toBe(
      'https://kora.fra1.digitaloceanspaces.com/7/business_logo/a.png',
    );
    expect(s3PublicUrl({ ...s3, region: 'eu-west-1' }, key)).toBe(
      'https://kora.s3.eu-west-1.amazonaws.com/7/business_logo/a.png',
    );
  });
});
