import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTimedMessage } from '@/lib/use-timed-message';
import { SuccessAlert } from './form-alerts';

/** The navigation state a page is opened with after a successful edit. */
export const UPDATED_STATE = { updated: true } as const;

/**
 * True when the page was opened with `{ [flag]: true }` in the navigation state. The flag is
 * read once and then removed from the history entry, so a reload does not show it again.
 */
const useArrivalFlag = (flag = 'updated'): boolean => {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as Record<string, unknown> | null;
  const [arrived] = useState(() => state?.[flag] === true);
  const stillThere = state?.[flag] === true;
  useEffect(() => {
    if (!stillThere) return;
    void navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: null },
    );
  }, [stillThere, navigate, location.pathname, location.search]);
  return arrived;
};

interface ArrivalBannerProps {
  title: string;
  message?: string;
  /** How long it shows, in ms (the banners after a save: 5 s). */
  ms: number;
  flag?: string;
}

/** A success banner shown for `ms` when the page is opened with the flag (back from an edit). */
export function ArrivalBanner({ title, message, ms, flag = 'updated' }: ArrivalBannerProps) {
  const arrived = useArrivalFlag(flag);
  const banner = useTimedMessage(ms, arrived ? title : null);
  if (!banner.message) return null;
  return <SuccessAlert title={banner.message} message={message} mb="md" onDismiss={banner.clear} />;
}
