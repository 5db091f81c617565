import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A message that hides itself after `ms` (success banners: 5 s; the login notice: 10 s).
 * `show` restarts the timer; `clear` hides it at once.
 */
export const useTimedMessage = (ms: number, initial: string | null = null) => {
  const [message, setMessage] = useState<string | null>(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );

  useEffect(() => {
    if (initial) timer.current = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer.current);
    // The initial message is timed once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { message, show, clear };
};
