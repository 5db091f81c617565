import { useEffect } from 'react';

/** Every route names its browser tab `<Page> · Kora`; without a page name the tab reads `Kora`. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Kora` : 'Kora';
  }, [title]);
}
