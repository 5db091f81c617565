import { createElement, lazy, type ComponentType } from 'react';
import { afterFirstPage } from './after-first-page';

/** A page loaded on demand; `preload()` fetches its code ahead of the first render. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * Which of Mantine's styles a page needs: 'all' of them (most pages), only those of the
 * 'sign-in' page's few components, which the app's first script brings (the sign-in page is the
 * first load of most visits: it stays small), or its 'own': the page's module imports the styles
 * of the components it draws itself (the shell and the members list, the first page after most
 * sign-ins: 7.6 kB compressed instead of the whole stylesheet's 23.4 kB), and the whole stylesheet
 * follows once the first page has loaded (`loadAllStylesWhenIdle`).
 */
export type PageStyles = 'all' | 'sign-in' | 'own';

const loadAllStyles = () => import('./mantine-styles');

/**
 * Mantine's whole stylesheet, fetched once the first page has loaded and the browser is idle
 * (at once where it has no idle callbacks), so that the parts a page of 'own' styles loads later
 * (a dialog's code, fetched when it opens) are styled. Its rules are in the same `mantine` layer
 * as the ones the page brought: arriving twice changes nothing.
 */
export const loadAllStylesWhenIdle = (): Promise<unknown> => afterFirstPage().then(loadAllStyles);

/**
 * A route page loaded on demand from a module's named export (with Mantine's whole stylesheet,
 * unless `styles` says the sign-in page's are enough, or that the page brings its own). Once its code has arrived (by `preload`,
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
