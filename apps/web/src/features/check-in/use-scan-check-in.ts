import type { CheckInCandidate } from '@kora/shared';
import { useCallback, useEffect, useRef } from 'react';

/** What the page's lookup (online or on the device) says of the text looked up. */
interface LookupState {
  data?: CheckInCandidate[];
  isFetching: boolean;
  isError: boolean;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
}

/**
 * A scan (a scanner's Enter, the camera, or Enter after an exact code) checks the member in at
 * once when it finds exactly one member by card, phone or member ID (not a name) whose verdict
 * is green: the desk scans the next card without a click. Amber and red verdicts, several
 * members and names wait for the desk. Only the answer loaded after the scan decides (never one
 * kept from before). `armScan(q)` is called as `q` is looked up by a scan.
 */
export const useScanCheckIn = (
  q: string,
  lookup: LookupState,
  checkIn: (candidate: CheckInCandidate) => void,
) => {
  const scan = useRef<{ q: string; at: number } | null>(null);
  const armScan = useCallback((text: string) => {
    scan.current = { q: text, at: Date.now() };
  }, []);
  const disarm = useCallback(() => {
    scan.current = null;
  }, []);

  const { data, isFetching, isError, dataUpdatedAt, errorUpdatedAt } = lookup;
  useEffect(() => {
    const armed = scan.current;
    if (!armed || armed.q !== q || isFetching) return;
    if (isError && errorUpdatedAt >= armed.at) {
      scan.current = null;
      return;
    }
    if (!data || dataUpdatedAt < armed.at) return;
    scan.current = null;
    const only = data.length === 1 ? data[0]! : null;
    if (only && only.found_by !== 'name' && only.verdict.tone === 'green') checkIn(only);
  }, [q, data, isFetching, isError, dataUpdatedAt, errorUpdatedAt, checkIn]);

  return { armScan, disarm };
};
