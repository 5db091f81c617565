import { lazy, type ComponentType } from 'react';

/** A route page loaded on demand from a module's named export. */
export const lazyPage = <M, K extends keyof M>(load: () => Promise<M>, name: K) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));
