import { createBrowserRouter } from 'react-router';
// The DOM RouterProvider: navigations can ask for flushSync (sign-out does).
import { RouterProvider } from 'react-router/dom';
import { setSessionExpiredHandler } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { toLoginOnSessionEnd } from './guards';
import { Providers } from './providers';
import { routes } from './routes';
import { UpdatedNotice } from './updated-notice';

const router = createBrowserRouter(routes);

// A session that ended goes to /login, saying why (an expired one comes back afterwards).
setSessionExpiredHandler(toLoginOnSessionEnd(router, queryClient));

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <UpdatedNotice />
      <RouterProvider router={router} />
    </Providers>
  );
}
