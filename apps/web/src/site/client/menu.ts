/**
 * The phone menu: the Menu button opens and closes the header's links. Escape closes it (focus
 * back on the button), as do a click outside the header and following one of its links.
 */
export function initMenu(doc: Document, signal: AbortSignal): void {
  const button = doc.querySelector<HTMLButtonElement>('[data-menu-button]');
  const nav = button && doc.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!button || !nav) return;
  const header = button.closest('header') ?? nav;

  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    nav.toggleAttribute('data-open', open);
  };

  button.addEventListener('click', () => setOpen(!isOpen()), { signal });
  nav.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest('a')) setOpen(false);
    },
    { signal },
  );
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape' && isOpen()) {
        setOpen(false);
        button.focus();
      }
    },
    { signal },
  );
  doc.addEventListener(
    'click',
    (event) => {
      if (isOpen() && !header.contains(event.target as Node)) setOpen(false);
    },
    { signal },
  );
}
