/*
 * The test files of a worker share one jsdom window (Vitest's `isolate: false`): what a file
 * leaves in the document would greet the next. The document as the environment made it is kept
 * when this module is first loaded (once per worker), and put back after each file.
 */
const attributes = (el: Element) =>
  new Map(el.getAttributeNames().map((n) => [n, el.getAttribute(n)!]));
const setAttributes = (el: Element, wanted: Map<string, string>) => {
  for (const name of el.getAttributeNames()) if (!wanted.has(name)) el.removeAttribute(name);
  for (const [name, value] of wanted) el.setAttribute(name, value);
};

const start = {
  // Testing Library's `screen` reads this very element: a page that replaced <body> (the public
  // site's tests mount a rendered page) would leave every later query looking at a detached one.
  body: document.body,
  bodyAttributes: attributes(document.body),
  htmlAttributes: attributes(document.documentElement),
  head: new Set(document.head.childNodes),
  title: document.title,
  href: window.location.href,
};

/** Puts the document, its cookies and the address back as they were before the first file. */
export const resetDocument = () => {
  if (document.body !== start.body) document.body.replaceWith(start.body);
  start.body.replaceChildren();
  setAttributes(start.body, start.bodyAttributes);
  setAttributes(document.documentElement, start.htmlAttributes);
  for (const node of [...document.head.childNodes]) if (!start.head.has(node)) node.remove();
  document.title = start.title;
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  window.history.replaceState(null, '', start.href);
};
