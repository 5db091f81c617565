import { createBrowserRouter } from 'react-router';
// The DOM RouterProvider: navigations can ask for flushSync (sign-out does).
import { RouterProvider } from 'react-router/dom';
import { setSessionExpiredHandler } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { Providers } from './providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);

// A session that cannot be refreshed ends at /login (the session is already cleared).
setSessionExpiredHandler(() => {
  queryClient.clear();
  void router.navigate('/login', { replace: true });
});

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
