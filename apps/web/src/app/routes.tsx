import type { RouteObject } from 'react-router';
import type { FeatureRoute, RouteAccess } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';
import { usePageTitle } from '@/lib/use-page-title';
import { ErrorPage } from './error-page';
import { FEATURES } from './features';
import { GuestOnly, RequireAuth } from './guards';
import type { BusinessRouteHandle } from './layout/require-business';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

/*
 * The route table, made from the features' pages (app/features.ts). Every page is loaded on
 * demand, so the public pages never load the back-office code.
 */

const LandingPage = lazyPage(() => import('@/site/landing-page'), 'LandingPage');
const AppLayout = lazyPage(() => import('./layout/app-layout'), 'AppLayout');
const RequireBusiness = lazyPage(() => import('./layout/require-business'), 'RequireBusiness');

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

/** The landing page names its tab after the product alone. */
function Landing() {
  usePageTitle(undefined);
  return <LandingPage />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/', element: <Landing /> },
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
