import { createElement, lazy, type ComponentType } from 'react';

/** A page loaded on demand; `preload()` fetches its code ahead of the first render. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A route page loaded on demand from a module's named export. Once its code has arrived (by
 * `preload`, or a first render), it renders at once, without passing through the loading
 * fallback: the page the server pre-rendered is replaced by the same page, with no spinner
 * between them.
 */
export const lazyPage = <M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage => {
  let loaded: ComponentType | undefined;
  const fetchPage = async () => {
    loaded = (await load())[name] as ComponentType;
    return { default: loaded };
  };
  const Lazy = lazy(fetchPage);
  const Page = ((props: object) => createElement(loaded ?? Lazy, props)) as LazyPage;
  Page.preload = async () => {
    await fetchPage();
  };
  return Page;
};
