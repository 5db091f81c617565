import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { LoginPage, SignupPage } from '@/features/auth';
import { cssVariablesResolver, theme } from './theme';

/*
 * The way in, drawn ahead of time: the server puts these pages' HTML in the app's page, so a
 * phone shows the sign-in form as soon as the page and its stylesheet arrive, while the app's
 * code is still on its way (greyed out until then). The app then renders the same page in its place (main.tsx fetches
 * the page's code first, so nothing flashes in between). Built into dist/server/prerender.js.
 */

/** The pages drawn ahead of time, by path. */
export const PRERENDERED_PAGES: Record<string, ComponentType> = {
  '/login': LoginPage,
  '/signup': SignupPage,
};

/** The HTML that goes inside `<div id="root">` for `path`, or null for any other page. */
export function renderAppPage(path: string): string | null {
  const Page = PRERENDERED_PAGES[path];
  if (!Page) return null;
  return renderToString(
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouter location={path}>
          {/* Shown at once, usable when the app takes over: until then its fields and buttons
              are disabled, so nothing typed into the drawn page is lost when it is replaced. */}
          <fieldset disabled style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Page />
          </fieldset>
        </StaticRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
