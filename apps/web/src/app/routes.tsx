import type { RouteObject } from 'react-router';
import type { FeatureRoute, RouteAccess } from '@/lib/feature';
import { SITE_PATHS } from '@kora/shared';
import { lazyPage } from '@/lib/lazy-page';
import { ErrorPage } from './error-page';
import { FEATURES } from './features';
import { GuestOnly, RequireAuth } from './guards';
import type { BusinessRouteHandle } from './layout/require-business';
import { NotFoundFrame, NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { SitePageLoad } from './site-page-load';

/*
 * The route table, made from the features' pages (app/features.ts). Every page is loaded on
 * demand. The public site (landing page, blog, contact, policies) is not part of this app: the
 * server renders it as plain HTML, so a visitor never downloads the back office; reaching one of
 * its paths from inside the app loads it as a whole page.
 */

// The shell brings its own styles (layout/shell-styles.css), not Mantine's whole stylesheet.
const AppLayout = lazyPage(() => import('./layout/app-layout'), 'AppLayout', 'own');
const RequireBusiness = lazyPage(
  () => import('./layout/require-business'),
  'RequireBusiness',
  'own',
);

const pages = FEATURES.flatMap((feature) => feature.routes);
const pagesFor = (access: RouteAccess) => pages.filter((p) => (p.access ?? 'app') === access);

/**
 * A page's routes: a back-office page is reachable both at /x and at /dashboard/x; a business
 * page carries the tab title it has while the setup is asked for.
 */
const toRoutes = ({ path, page: Page, ...page }: FeatureRoute): RouteObject[] => {
  const handle: BusinessRouteHandle | undefined = page.needsBusiness
    ? { title: page.title ?? '' }
    : undefined;
  const aliased = (page.access ?? 'app') === 'app' && page.alsoUnderDashboard !== false;
  return (aliased ? [`/${path}`, `/dashboard/${path}`] : [`/${path}`]).map((at) => ({
    path: at,
    element: <Page />,
    handle,
  }));
};

const appPages = pagesFor('app');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      ...SITE_PATHS.map((path) => ({ path, element: <SitePageLoad /> })),
      ...pagesFor('open').flatMap(toRoutes),
      { element: <GuestOnly />, children: pagesFor('guest').flatMap(toRoutes) },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              ...appPages.filter((p) => !p.needsBusiness).flatMap(toRoutes),
              {
                element: <RequireBusiness />,
                children: appPages.filter((p) => p.needsBusiness).flatMap(toRoutes),
              },
            ],
          },
        ],
      },
      // Any other address: the not-found page, inside the back office for a signed-in user.
      { element: <NotFoundFrame />, children: [{ path: '*', element: <NotFoundPage /> }] },
    ],
  },
];
