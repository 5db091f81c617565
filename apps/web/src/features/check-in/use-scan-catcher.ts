import { useEffect, useRef, useState, type RefObject } from 'react';

/*
 * A USB or Bluetooth barcode scanner is a keyboard: it types the code fast and presses Enter.
 * Wherever the focus is on the check-in page (a button, the verdict, nowhere), such a burst is
 * caught and handed to the page; typing into a text box (the search box itself, Today's search,
 * a reason, a dialog's form) is left alone.
 */

/** The longest pause between two keys of one scan: a scanner types far faster than a person. */
const SCAN_KEY_GAP_MS = 100;
/** The fewest characters a scan has (a member ID, a phone number, a card code). */
const SCAN_MIN = 3;

const TEXT_INPUT_TYPES = new Set([
  '',
  'text',
  'search',
  'tel',
  'email',
  'number',
  'password',
  'url',
  'date',
  'time',
]);

/** Whether keys typed on `el` go into it as text (a text box, a text area, a list, editable). */
const takesText = (el: Element | null): boolean => {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)
    return true;
  return el instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(el.type.toLowerCase());
};

const inDialog = (el: Element | null): boolean =>
  el instanceof Element && el.closest('[role="dialog"], [aria-modal="true"]') !== null;

/** Whether a scan typed with the focus on `el` would be caught (or typed into the search `box`). */
const scannable = (el: Element | null, box: HTMLInputElement | null): boolean =>
  el === box || (!takesText(el) && !inDialog(el));

/**
 * Calls `onScan` with the text of each scan typed while the focus is outside any text box and
 * any dialog (the search box `box` reads its own); the scan's Enter does nothing else (it does
 * not press the button that has the focus). Answers whether the page is ready to scan: the
 * focus is in `box` or outside any text box and dialog.
 */
export const useScanCatcher = (
  box: RefObject<HTMLInputElement | null>,
  onScan: (text: string) => void,
): boolean => {
  const handler = useRef(onScan);
  handler.current = onScan;
  const [ready, setReady] = useState(true);

  useEffect(() => {
    let typed = '';
    let lastAt = 0;
    const reset = () => {
      typed = '';
      lastAt = 0;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (event.defaultPrevented || event.isComposing || !scannable(target, box.current)) {
        reset();
        return;
      }
      if (target === box.current || event.ctrlKey || event.metaKey || event.altKey) {
        reset();
        return;
      }
      // The key's own time (when the keyboard sent it), not when this page got round to it: a
      // busy page on a slow desk computer may handle a scan's keys late and in a bunch.
      const now = event.timeStamp;
      const inBurst = typed !== '' && now - lastAt <= SCAN_KEY_GAP_MS;
      if (event.key === 'Enter') {
        if (inBurst && typed.trim().length >= SCAN_MIN) {
          event.preventDefault();
          event.stopPropagation();
          handler.current(typed.trim());
        }
        reset();
        return;
      }
      if (event.key.length !== 1) {
        if (event.key !== 'Shift') reset();
        return;
      }
      typed = inBurst ? typed + event.key : event.key;
      lastAt = now;
    };
    const onFocus = () => setReady(scannable(document.activeElement, box.current));
    // Capture, on the window: before the focused element's own handlers see the Enter.
    window.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onFocus);
    onFocus();
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onFocus);
    };
  }, [box]);

  return ready;
};
