import type { LazyPage } from '@/lib/lazy-page';
import { FEATURES } from './features';

/** Fetches the code of the page at `pathname` (when it is one of the features' pages). */
export const preloadPage = async (pathname: string): Promise<void> => {
  const route = FEATURES.flatMap((f) => f.routes).find((r) => `/${r.path}` === pathname);
  await (route?.page as Partial<LazyPage> | undefined)?.preload?.();
};
