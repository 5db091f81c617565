import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '@/components/page-loader';

/** Every route: pages load on demand behind one fallback. */
export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageLoader minHeight="100dvh" />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
