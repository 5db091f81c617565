import { useEffect } from 'react';

/**
 * While a dialog is open the browser tab names it (`Record payment · Kora`); closing it gives the
 * tab back the title it had, unless the page has renamed the tab meanwhile.
 */
export const useDialogTitle = (title: string, opened: boolean) => {
  useEffect(() => {
    if (!opened) return;
    const own = `${title} · Kora`;
    let previous: string | null = null;
    let closed = false;
    // Set once this commit's effects have run: a dialog open on arrival (its page's effects run
    // after the dialog's) still names the tab.
    void Promise.resolve().then(() => {
      if (closed) return;
      previous = document.title;
      document.title = own;
    });
    return () => {
      closed = true;
      if (previous !== null && document.title === own) document.title = previous;
    };
  }, [title, opened]);
};
