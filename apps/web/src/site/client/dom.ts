/** Small helpers shared by the site's browser modules. */

/** True when the visitor asked for less motion. */
export const prefersReducedMotion = (win: Window = window): boolean =>
  typeof win.matchMedia === 'function' &&
  win.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Every element matching the selector, as an array. */
export const all = <T extends Element = HTMLElement>(root: ParentNode, selector: string): T[] =>
  Array.from(root.querySelectorAll<T>(selector));
