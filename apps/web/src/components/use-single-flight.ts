import { useCallback, useRef, useState } from 'react';

/**
 * One call at a time from a button: `begin()` answers false while an earlier call is still on
 * its way (a double click), so the caller sends nothing; `end()` once it answered. `running` is
 * true from the click on, before the mutation reports itself pending, for the button's loading
 * state.
 */
export const useSingleFlight = () => {
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);
  const begin = useCallback(() => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setRunning(true);
    return true;
  }, []);
  const end = useCallback(() => {
    inFlight.current = false;
    setRunning(false);
  }, []);
  return { begin, end, running };
};
