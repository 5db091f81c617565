/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { reporters } from '../../vitest.reporters';
// Read by path: the configuration's bundler leaves workspace packages to Node, which cannot load
// TypeScript.
import { WEB_APP_PATHS } from '../../packages/shared/src/web-routes';
import { APP_SHELL_DENYLIST, appShellAllowlist } from './src/app/service-worker/app-shell-routes';
import { PICTURE_CACHE } from './src/lib/picture-cache';
import type { RenderContext, SitePage } from './src/site/render';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** The API in development (the dev server proxies /v1 to it). */
const API = 'http://localhost:3000';

/**
 * The public site's page for a path (the static pages from the shared table of the site's
 * pages), fetching blog articles from the API; null: not a site page.
 */
async function devSitePage(
  url: URL,
  staticPages: { path: string; page: SitePage }[],
): Promise<SitePage | null> {
  const path = url.pathname.replace(/(.)\/$/, '$1');
  const fixed = staticPages.find((row) => row.path === path);
  if (fixed) return fixed.page;
  if (path === '/blog') {
    const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
    try {
      const res = await fetch(`${API}/v1/blog_articles?page=${page}`);
      if (!res.ok) throw new Error(String(res.status));
      const { data, meta } = await res.json();
      return { kind: 'blog', articles: data, page, pages: meta?.pages ?? 1 };
    } catch {
      return { kind: 'blog', articles: null, page, pages: 1 };
    }
  }
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  if (slug) {
    const res = await fetch(`${API}/v1/blog_articles/slug/${slug}`).catch(() => null);
    const article = res?.ok ? (await res.json()).data : null;
    return { kind: 'article', slug: decodeURIComponent(slug), article };
  }
  return null;
}

/**
 * `vite dev` answers the public site's pages the way the API does in production: rendered on
 * the server by src/site/render.tsx (reloaded on every request), with the stylesheet inlined
 * and the browser script served by Vite.
 */
function sitePagesInDev(): Plugin {
  return {
    name: 'kora-site-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return next();
        try {
          const url = new URL(req.url, 'http://localhost');
          // Modules and files (`/src/main.tsx`, `/@vite/client`) are never pages.
          if (url.pathname.includes('.') || url.pathname.startsWith('/@')) return next();
          const render = (await server.ssrLoadModule('/src/site/render.tsx')) as {
            renderSitePage: (page: SitePage, ctx: RenderContext) => string;
            STATIC_SITE_PAGES: { path: string; page: SitePage }[];
          };
          const page = await devSitePage(url, render.STATIC_SITE_PAGES);
          if (!page) return next();
          const ctx: RenderContext = {
            origin: `http://${req.headers.host ?? 'localhost:5173'}`,
            assets: {
              css: readFileSync(here('./src/site/site.css'), 'utf8'),
              scripts: ['/src/site/client.ts'],
            },
          };
          const missing = page.kind === 'article' && !page.article;
          res.statusCode = missing ? 404 : 200;
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(render.renderSitePage(page, ctx));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

/**
 * Every text file of the client build also written as .br and .gz (the strongest settings: done
 * once here, never per request); the server sends the one the browser accepts.
 */
const precompressed = () =>
  compression({
    include: /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/,
    threshold: 0,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
  });

/** Kora's teal-green (the theme's primary colour): the phone's title bar and splash screen. */
const THEME_COLOUR = '#0f766e';

/**
 * The installable back office: a web app manifest (name, icons, standalone window) and a
 * service worker (Workbox) that keeps the back office's page, its code (every page's), styles
 * and icons on the device, so after one online visit the desk opens with no network. It opens
 * the back office's pages only: the public site's pages, the API and the pages sent to members
 * always come from the server, and API answers are never kept by it (the desk's own store keeps
 * what it needs). A new version waits and is taken at the next start of the app
 * (src/app/service-worker/register.ts), never in the middle of a form.
 */
const installableApp = () =>
  VitePWA({
    strategies: 'generateSW',
    // Registered by the app itself (register.ts), after it has started.
    injectRegister: false,
    registerType: 'prompt',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/dashboard',
      name: 'Kora',
      short_name: 'Kora',
      description: 'Memberships, subscriptions and payments for gyms in Nigeria.',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    // The manifest's icons are kept too.
    includeManifestIcons: true,
    workbox: {
      // The back office's page, code and styles, and its icons. Not the public site's script
      // and styles, its pictures and link-preview images, nor the files beside them (.br, .gz).
      globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg'],
      globIgnores: ['assets/site-*', 'server/**'],
      // The largest page's code (the message editor) is well under this.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // The address `/` is the public site's landing page, never the kept index.html (Workbox
      // would otherwise answer a path ending in / with the kept file of that folder).
      directoryIndex: '',
      navigateFallback: '/index.html',
      navigateFallbackAllowlist: appShellAllowlist(WEB_APP_PATHS),
      navigateFallbackDenylist: APP_SHELL_DENYLIST,
      cleanupOutdatedCaches: true,
      // A new version waits until the app asks it to take over (at the next start).
      skipWaiting: false,
      clientsClaim: false,
      runtimeCaching: [
        {
          // Members' pictures (uploaded to Kora): kept once seen, the most recent 300, for 30 days.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
          handler: 'CacheFirst',
          options: {
            cacheName: PICTURE_CACHE,
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });

/**
 * The code of the sign-in page, the first page of most visits, in one file rather than thirty
 * small ones (each answer costs its headers and a round trip on a phone): React, the Mantine
 * components and hooks the page draws, its form library and the app's form helpers. Other pages
 * use most of it too, and find it already loaded.
 */
const SIGN_IN_KIT: RegExp[] = [
  /node_modules[\\/](react|react-dom|scheduler|clsx|klona|fast-deep-equal|mantine-form-zod-resolver)[\\/]/,
  /node_modules[\\/]@mantine[\\/](hooks|form|store)[\\/]/,
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|utils)[\\/]/,
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|Checkbox|CheckboxIndicator|InlineInput|Button|ActionIcon|CloseButton|Loader|Center|Alert|Anchor|Paper|Stack|Group|Text|Title|ThemeIcon|Code|UnstyledButton|Transition|Box|VisuallyHidden)[\\/]/,
  /src[\\/]components[\\/](form-alerts|kora-logo|kora-mark)\.tsx$/,
  /src[\\/]components[\\/]form[\\/](contact-fields|password-fields|form-fields)\.tsx?$/,
  /src[\\/]lib[\\/](api-client|use-data-query|use-timed-message|form-adapter|form-values)\.ts$/,
];

/**
 * The libraries of the back office's shell and members list (the first page after most
 * sign-ins) beyond the sign-in kit, in one file rather than fifteen: the Mantine components they
 * draw (menus, tooltips, the table, the app shell) and what those float with. Not the dialogs'
 * frame (components/lazy-modal.tsx: after the first page) nor Mantine's selects (the list's
 * filter is a native select). Libraries only: the group also takes what its modules import, and an app
 * module would bring react-router and the app's own code with it, which the entry and so the
 * sign-in page would then load too. No module of the sign-in page imports these.
 */
const DESK_KIT: RegExp[] = [
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](AppShell|Avatar|Badge|Burger|Card|Chip|FloatingIndicator|FocusTrap|Menu|NavLink|Popover|Portal|SegmentedControl|SimpleGrid|Skeleton|Table|Tooltip)[\\/]/,
  /node_modules[\\/](@floating-ui[\\/][^\\/]+|tslib)[\\/]/,
];

/**
 * The app's own code of the shell and the members list (the first page after most sign-ins),
 * shared by other pages, in one file rather than thirty-five (the small files repeat the same
 * names and import lines: the members list's first load is 7.8 kB smaller compressed): the
 * shell, the list's components, their helpers, the setup prompt (its form loads when it opens)
 * and the icons they draw. Only these modules, not what they import (react-router, the session,
 * the shared contracts stay where the sign-in page finds them: otherwise it would load this file
 * too). Not the parts that signed-out pages' dialogs use (the dialog frame, the form's buttons).
 */
const DESK_APP: RegExp[] = [
  /src[\\/]app[\\/]layout[\\/]/,
  /src[\\/]components[\\/](can|confirm-modal|data-table|data-table-cards|data-table-columns|empty-state|export-menu|list-card|load-error|page-header|paged-rows|pagination-footer|person-avatar|row-action|stat-grid|state-badge|use-section-path)\.tsx?$/,
  /src[\\/]lib[\\/](desk-format|format|use-can|use-paged-query)\.ts$/,
  /src[\\/]features[\\/]business[\\/]components[\\/](business-setup-modal|business-setup-prompt)\.tsx$/,
  /src[\\/]features[\\/]members[\\/](api|member-format|member-texts)\.ts$/,
  /src[\\/]features[\\/]members[\\/]components[\\/](member-avatar|member-status-badge)\.tsx$/,
  /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](IconBell|IconBuildingStore|IconChevronDown|IconChevronRight|IconEye|IconFileImport|IconFileText|IconKey|IconPencil|IconPlus|IconSearch|IconUpload|IconUser|IconUserOff|IconUserPlus)\.mjs$/,
];

/**
 * The sign-in form's own parts, in a file of their own beside the sign-in kit: the form library,
 * zod (every form's schema is written with it: 23 kB compressed) and its resolver, the password
 * and checkbox inputs and the app's form helpers. The sign-in page loads both files; the back
 * office's first page (the members list, which has no form and reads the API through routes
 * without schemas, lib/api-routes.ts) loads only the kit. Only these modules (and zod's), not
 * what they import (React and Mantine's core stay in the kit, which the members list needs).
 */
const SIGN_IN_FORM: RegExp[] = [
  /node_modules[\\/](@mantine[\\/]form|mantine-form-zod-resolver|klona|fast-deep-equal|zod)[\\/]/,
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]PasswordInput[\\/]/,
  // Not the check mark, which the selects' options and the chips draw.
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Checkbox[\\/](?!CheckIcon)/,
  /src[\\/]components[\\/]form[\\/](contact-fields|password-fields|form-fields)\.tsx?$/,
  /src[\\/]lib[\\/](form-adapter|form-values)\.ts$/,
];

/** Test files that replace a module with vi.mock: each runs in a module registry of its own. */
const MOCKING_TESTS = [
  'src/features/business/components/business-profile-settings.test.tsx',
  'src/features/business/components/business-setup-form.test.tsx',
];

/** What runs in the browser: the back office, and the public site's small script. */
const BROWSER_ENTRIES: Record<string, string> = {
  index: here('./index.html'),
  site: here('./src/site/client.ts'),
};
/** What runs on the server: the site's renderer, and the sign-in pages drawn ahead of time. */
const SERVER_ENTRIES: Record<string, string> = {
  render: here('./src/site/render.tsx'),
  prerender: here('./src/app/prerender.tsx'),
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), sitePagesInDev(), ...(isSsrBuild ? [] : [installableApp(), precompressed()])],
  // '@/…' is src/: shared code (lib, components) is imported by that path from any depth.
  resolve: { alias: { '@': here('./src') } },
  server: {
    port: 5173,
    proxy: {
      '/v1': API,
      '/uploads': API,
      '/dev': API,
    },
  },
  // The site's server renderer (dist/server/render.js) carries React and everything it uses,
  // so the API loads it without the web app's node_modules.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  // …in its production build only (the development builds of React would double its size).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: false,
        copyPublicDir: false,
        sourcemap: false,
        target: 'node20',
        rolldownOptions: {
          // The site's renderer, and the sign-in pages drawn ahead of time (app/prerender.tsx).
          input: SERVER_ENTRIES,
          output: { entryFileNames: '[name].js', format: 'es' },
        },
      }
    : {
        outDir: 'dist',
        sourcemap: false,
        chunkSizeWarningLimit: 900,
        // The manifest tells the server which files are the site's script and stylesheet.
        manifest: true,
        rolldownOptions: {
          // The back office (index.html) and the public site's small script, which shares
          // nothing with it.
          input: BROWSER_ENTRIES,
          // The shared package's modules only declare things (schemas, constants, helpers): a
          // page that uses one helper of it does not carry the contracts of every feature.
          output: {
            codeSplitting: {
              groups: [
                // First: the kit would otherwise take these as what its modules import.
                {
                  name: 'sign-in-form',
                  test: (id) => SIGN_IN_FORM.some((re) => re.test(id)),
                  includeDependenciesRecursively: false,
                },
                { name: 'sign-in-kit', test: (id) => SIGN_IN_KIT.some((re) => re.test(id)) },
                { name: 'desk-kit', test: (id) => DESK_KIT.some((re) => re.test(id)) },
                {
                  name: 'desk-app',
                  test: (id) => DESK_APP.some((re) => re.test(id)),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
          treeshake: {
            moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
          },
        },
      },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    reporters: reporters('web'),
    // A hang fails within 40 s. `npm test` runs these tests beside three other lanes on 2 CPUs,
    // where the heaviest (the import page's choice of the header row) took 14 to 23 s.
    testTimeout: 40_000,
    css: false,
    // Two workers whatever the machine says: `npm test` runs the web tests beside other lanes
    // (the API, or the end-to-end flows), and when that lane ends first, the web tests take the
    // second CPU instead of leaving it idle (one worker on a 2-CPU machine by default).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: MOCKING_TESTS,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web-mocking', include: MOCKING_TESTS } },
    ],
  },
}));
