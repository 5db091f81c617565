import { z } from 'zod';
import { jsonNumber } from './common';

/** Money travels as naira numbers with at most two decimals and is stored as integer kobo. */
const MAX_NAIRA = 1_000_000_000; // ₦1bn: far above any gym payment, far below int8 limits

export const hasAtMostTwoDecimals = (n: number): boolean =>
  Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** Naira number → integer kobo, exact for inputs with at most two decimals. */
export const nairaToKobo = (naira: number): number => Math.round(naira * 100);

/** Integer kobo → naira number (two decimals at most). */
export const koboToNaira = (kobo: number | bigint): number => Number(kobo) / 100;

/**
 * A naira amount in a JSON body (a number, or its decimal text: see `jsonNumber`): above 0, at
 * most ₦1bn, at most two decimals (documented as `multipleOf: 0.01`; checked with a tolerance
 * for binary fractions, so 0.07 is two decimals).
 */
export const nairaAmount = (label = 'Amount') =>
  jsonNumber(
    `${label} must be a number`,
    z
      .number({ error: `${label} must be a number` })
      .gt(0, { error: 'Amount must be greater than 0' })
      .max(MAX_NAIRA, { error: `${label} is too large` })
      .refine(hasAtMostTwoDecimals, { error: `${label} can have at most two decimals` })
      .meta({ multipleOf: 0.01 }),
  );

const formatter = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** ₦ with en-NG grouping: 25000 → "₦25,000", 33333.33 → "₦33,333.33". */
export const formatNaira = (naira: number | null | undefined): string =>
  naira == null || !Number.isFinite(naira) ? '₦0' : `₦${formatter.format(naira)}`;
