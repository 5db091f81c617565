import { createElement, lazy, type ComponentType } from 'react';

/** A page loaded on demand; `preload()` fetches its code ahead of the first render. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * Which of Mantine's styles a page needs: 'all' of them (every page but one), or only those of
 * the 'sign-in' page's few components, which the app's first script brings (the sign-in page is
 * the first load of most visits: it stays small).
 */
export type PageStyles = 'all' | 'sign-in';

const loadAllStyles = () => import('./mantine-styles');

/**
 * A route page loaded on demand from a module's named export (with Mantine's whole stylesheet,
 * unless `styles` says the sign-in page's are enough). Once its code has arrived (by `preload`,
 * or a first render), it renders at once, without passing through the loading fallback: the
 * page the server pre-rendered is replaced by the same page, with no spinner between them.
 */
export const lazyPage = <M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  styles: PageStyles = 'all',
): LazyPage => {
  let loaded: ComponentType | undefined;
  const fetchPage = async () => {
    const [module] = await Promise.all([load(), styles === 'all' ? loadAllStyles() : null]);
    loaded = module[name] as ComponentType;
    return { default: loaded };
  };
  const Lazy = lazy(fetchPage);
  const Page = ((props: object) => createElement(loaded ?? Lazy, props)) as LazyPage;
  Page.preload = async () => {
    await fetchPage();
  };
  return Page;
};
