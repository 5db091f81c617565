export const LINK_COPIED = 'Link copied';
export const COPY_YOURSELF = 'Copy the link below to share the article';

/**
 * The article's Share button: the phone's own share sheet when there is one; otherwise the
 * link is copied to the clipboard ("Link copied", announced politely); when the clipboard is
 * refused too, a text field with the link shows, selected, ready to copy by hand.
 */
export function initShare(doc: Document, signal: AbortSignal): void {
  const button = doc.querySelector<HTMLButtonElement>('[data-share]');
  const status = doc.querySelector<HTMLElement>('[data-share-status]');
  const fallback = doc.querySelector<HTMLElement>('[data-share-fallback]');
  if (!button || !status) return;
  const win = doc.defaultView ?? window;
  let timer: number | undefined;
  signal.addEventListener('abort', () => win.clearTimeout(timer));

  const announce = (text: string) => {
    win.clearTimeout(timer);
    status.textContent = text;
    timer = win.setTimeout(() => {
      status.textContent = '';
    }, 5000);
  };

  const showFallback = (url: string) => {
    const input = fallback?.querySelector('input');
    if (!fallback || !input) return;
    fallback.hidden = false;
    input.value = url;
    input.focus();
    input.select();
    announce(COPY_YOURSELF);
  };

  button.addEventListener(
    'click',
    async () => {
      const url = button.dataset.url || win.location.href;
      const title = button.dataset.title || doc.title;
      const nav = win.navigator;
      if (typeof nav.share === 'function') {
        try {
          await nav.share({ title, url });
          return;
        } catch (error) {
          // The visitor closed the share sheet: nothing more to do.
          if ((error as Error | null)?.name === 'AbortError') return;
        }
      }
      try {
        if (!nav.clipboard?.writeText) throw new Error('No clipboard');
        await nav.clipboard.writeText(url);
        announce(LINK_COPIED);
      } catch {
        showFallback(url);
      }
    },
    { signal },
  );
}
