import { useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The history state of the entry a dialog adds while it is open. */
interface DialogState {
  dialog?: string;
}

/**
 * The browser's Back closes an open dialog instead of leaving the page, as on a phone. Opening
 * the dialog adds a history entry for the same address; Back takes that entry away and closes
 * the dialog, and a second Back leaves the page. Closing it any other way (Cancel, ×, Escape,
 * done) takes the entry back too, so the next Back leaves the page as it would have.
 */
export const useBackCloses = (opened: boolean, onClose: () => void) => {
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const here = (location.state as DialogState | null)?.dialog === id;
  // 'adding': the entry is on its way; 'added': it is the current entry.
  const entry = useRef<'none' | 'adding' | 'added'>('none');
  const close = useRef(onClose);
  close.current = onClose;

  // Opened: the dialog's entry is added.
  useEffect(() => {
    if (!opened || entry.current !== 'none') return;
    entry.current = 'adding';
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state: { dialog: id } satisfies DialogState },
    );
    // Only on opening: the address is the one shown then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  // The entry came, or went: Back (or any move away) closes the dialog.
  useEffect(() => {
    if (here && entry.current === 'adding') entry.current = 'added';
    else if (!here && entry.current === 'added') {
      entry.current = 'none';
      if (opened) close.current();
    }
    // Only when the current entry changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [here, location.key]);

  // Closed in the dialog: its entry is taken back.
  useEffect(() => {
    if (opened || entry.current !== 'added' || !here) return;
    entry.current = 'none';
    void navigate(-1);
  }, [opened, here, navigate]);
};
