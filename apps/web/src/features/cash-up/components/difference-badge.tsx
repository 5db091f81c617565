import { StateBadge } from '@/components/state-badge';
import { differenceBadge } from '../cash-up-format';

/** A cash-up's difference: Short ₦500 in red, Over in amber, Balanced in green. */
export function DifferenceBadge({ difference }: { difference: number }) {
  return <StateBadge {...differenceBadge(difference)} />;
}
