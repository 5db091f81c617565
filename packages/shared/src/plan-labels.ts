import { formatNaira } from './naira';

/* How a plan reads on screen and in exports: its duration, price per unit and type. */

/** "1 month", "3 months"; N/A when the duration is missing. */
export const durationLabel = (
  duration: number | null | undefined,
  durationType: string | null | undefined,
): string => {
  if (!duration || !durationType) return 'N/A';
  return `${duration} ${durationType}${duration === 1 ? '' : 's'}`;
};

/**
 * The price per single unit of the plan's period: round(amount / duration) per duration_type,
 * e.g. ₦25,000 for 3 months is "₦8,333/month". Empty when the duration is missing.
 */
export const perUnitPrice = (plan: {
  amount: number;
  duration: number | null | undefined;
  duration_type: string | null | undefined;
}): string => {
  if (!plan.duration || !plan.duration_type) return '';
  return `${formatNaira(Math.round(plan.amount / plan.duration))}/${plan.duration_type}`;
};

export const planTypeLabel = (isGrouped: number | boolean) =>
  isGrouped ? 'Group Plan' : 'Individual';

/** "Up to 4 members". */
export const groupLimitLabel = (limit: number) => `Up to ${limit} member${limit === 1 ? '' : 's'}`;
