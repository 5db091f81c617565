import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@kora/shared';
import { publishArticle } from '../modules/blog';
import { useTestApp } from '../test/hooks';

/*
 * What a phone, a crawler and curl get from the web side of the server: compressed files with
 * the right caching, pages as HTML whatever they ask for, and a real 404. The site renderer here
 * is a stand-in written like the built one (`server/render.js`), drawing the page it is asked
 * for as JSON in a <pre>, so the tests read what the server asked it to draw.
 */

const SCRIPT = 'console.log("the app");'.repeat(200);

const SERVICE_WORKER = 'importScripts("./workbox-1a2b3c4d.js");';
const MANIFEST = JSON.stringify({ name: 'Kora', short_name: 'Kora', display: 'standalone' });

const fakeWebDist = () => {
  const root = mkdtempSync(join(tmpdir(), 'kora-web-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'server'));
  const file = (path: string, text: string, compressed = true) => {
    writeFileSync(join(root, path), text);
    if (!compressed) return;
    writeFileSync(join(root, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${path}.gz`), gzipSync(text));
  };
  file('index.html', '<!doctype html><title>Kora app</title>');
  file('assets/index-abc123.js', SCRIPT);
  file('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  file('sw.js', SERVICE_WORKER, false);
  file('workbox-1a2b3c4d.js', 'self.workbox = {};', false);
  file('manifest.webmanifest', MANIFEST);
  file(
    'server/render.js',
    `export const STATIC_SITE_PAGES = [
       { path: '/', page: { kind: 'landing' } },
       { path: '/contact', page: { kind: 'contact', path: '/contact' } },
       { path: '/privacy', page: { kind: 'privacy' } },
     ];
     export const loadSiteAssets = (dir) => ({ css: '', scripts: ['/assets/site.js'], dir });
     const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
     export const renderSitePage = (page, ctx) =>
       '<!doctype html><title>site</title><pre>' + esc(JSON.stringify({ page, origin: ctx.origin })) +
       '</pre>' + 'x'.repeat(4000);`,
    false,
  );
  return root;
};

const t = useTestApp({ webDist: fakeWebDist(), appUrl: 'https://kora.example' });

/** What the stand-in renderer was asked to draw. */
const drawn = (html: string) =>
  JSON.parse(
    html
      .slice(html.indexOf('<pre>') + 5, html.indexOf('</pre>'))
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&'),
  ) as { page: any; origin: string };

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('files', () => {
  it('a hashed script is cached for a year and sent as brotli, gzip or plain as accepted', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("a hashed file carries only a file's security headers, not the page's (each costs a phone ~700 bytes)", async () => {
    const script = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-site');
    for (const pageOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy'])
      expect(script.headers[pageOnly]).toBeUndefined();
    // The page that loads it keeps the whole set.
    const page = await get('/login');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a file without a hash in its name is cached a day', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('the service worker is always checked for a new version, and the page allows it as a worker', async () => {
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toBe(SERVICE_WORKER);
    // The script it loads has its version in its name: kept like the other named files.
    const workbox = await get('/workbox-1a2b3c4d.js');
    expect(workbox.statusCode).toBe(200);
    expect(workbox.headers['content-type']).toMatch(/javascript/);

    const page = await get('/login', { accept: 'text/html' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    // The worker's own answer carries the same policy.
    expect(String(sw.headers['content-security-policy'])).toContain("worker-src 'self'");
  });

  it('the web app manifest is sent with its type, compressed, and revalidated', async () => {
    const res = await get('/manifest.webmanifest', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toMatchObject({
      name: 'Kora',
      display: 'standalone',
    });
  });

  it('never serves the site renderer itself', async () => {
    expect((await get('/server/render.js')).statusCode).toBe(404);
  });
});

describe('pages', () => {
  it.each([
    ['a browser', { accept: 'text/html' }],
    ['curl', { accept: '*/*' }],
    ['a link preview without Accept', {}],
  ])('/ answers the landing page as HTML to %s', async (_who, headers) => {
    const res = await get('/', headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(drawn(res.body)).toEqual({ page: { kind: 'landing' }, origin: 'https://kora.example' });
  });

  it('a page is sent compressed, and a second visit with its ETag gets a 304', async () => {
    const first = await get('/privacy', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(drawn(brotliDecompressSync(first.rawPayload).toString()).page).toEqual({
      kind: 'privacy',
    });
    const again = await get('/privacy', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('a page of the app answers the app, whatever the Accept header', async () => {
    for (const url of ['/members/12', '/dashboard/payments', '/login']) {
      const res = await get(url, { accept: 'application/json' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Kora app</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeTruthy();
    }
  });

  it.each(['/members/x/y/z', '/dashboard/nonsense', '/payments/12/nonsense'])(
    'a wrong address inside the back office (%s) is the app, answering 404, not the site page',
    async (path) => {
      const page = await get(path, { accept: 'text/html' });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('<title>Kora app</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      const program = await get(path, { accept: 'application/json' });
      expect(program.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );

  it('any wrong address typed by someone signed in on this browser is the app, answering 404', async () => {
    const signedIn = await get('/nonsense', {
      accept: 'text/html',
      cookie: `theme=dark; ${SIGNED_IN_HINT_COOKIE}=1`,
    });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.body).toContain('<title>Kora app</title>');
    expect(signedIn.headers.vary).toContain('Cookie');
    // Signed out (no hint, or a hint cleared on sign-out): the public site's page.
    for (const cookie of ['', `${SIGNED_IN_HINT_COOKIE}=`, `x${SIGNED_IN_HINT_COOKIE}=1`]) {
      const page = await get('/nonsense', { accept: 'text/html', cookie });
      expect(page.statusCode).toBe(404);
      expect(drawn(page.body).page).toEqual({ kind: 'not-found', path: '/nonsense' });
    }
    // A program still gets JSON.
    const program = await get('/nonsense', {
      accept: 'application/json',
      cookie: `${SIGNED_IN_HINT_COOKIE}=1`,
    });
    expect(program.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('an unknown path is a 404 page for a browser and a JSON 404 for a program', async () => {
    const page = await get('/no-such-page', { accept: 'text/html' });
    expect(page.statusCode).toBe(404);
    // The page names the address asked for, whatever it is.
    expect(drawn(page.body).page).toEqual({ kind: 'not-found', path: '/no-such-page' });
    const other = await get('/old%20prices?x=1', { accept: 'text/html' });
    expect(drawn(other.body).page).toEqual({ kind: 'not-found', path: '/old prices' });

    const program = await get('/no-such-page', { accept: 'application/json' });
    expect(program.statusCode).toBe(404);
    expect(program.json()).toMatchObject({ code: 'NOT_FOUND' });

    // The API's own paths never answer a page.
    const api = await get('/v1/no-such-call', { accept: 'text/html' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the blog pages', () => {
  it('list the articles from the database, newest first', async () => {
    await publishArticle(t.db, {
      title: 'Older one',
      slug: 'older-one',
      excerpt: 'An older article about gyms.',
      thumbnail: null,
      content: 'Hello',
    });
    await publishArticle(t.db, {
      title: 'Newer one',
      slug: 'newer-one',
      excerpt: 'A newer article about gyms.',
      thumbnail: null,
      content: 'Line one\nline two',
    });
    const res = await get('/blog');
    expect(res.statusCode).toBe(200);
    const { page } = drawn(res.body);
    expect(page.kind).toBe('blog');
    expect(page.articles.map((a: { slug: string }) => a.slug)).toEqual(['newer-one', 'older-one']);
  });

  it('an article page carries the article; a missing or hostile slug is a 404 page', async () => {
    const res = await get('/blog/newer-one');
    expect(res.statusCode).toBe(200);
    const { page } = drawn(res.body);
    expect(page.article.content_html).toContain('<br');

    for (const slug of ['no-such-article', '..%2F..%2Fetc', '%00', `${'a'.repeat(98)}-`]) {
      const missing = await get(`/blog/${slug}`, { accept: 'text/html' });
      expect(missing.statusCode, slug).toBe(404);
      expect(drawn(missing.body).page).toMatchObject({ kind: 'article', article: null });
    }
    // A path parameter past 100 characters is refused before any page is drawn.
    expect((await get(`/blog/${'a'.repeat(500)}`)).statusCode).toBe(414);
  });

  it('a page past the last one is a 404', async () => {
    expect((await get('/blog?page=99')).statusCode).toBe(404);
    expect((await get('/blog?page=abc')).statusCode).toBe(200);
  });
});

describe('API answers', () => {
  it('a large JSON answer is compressed, a small one is not', async () => {
    const large = await get('/docs/json', { 'accept-encoding': 'br' });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('paths');

    const small = await get('/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
