/**
 * Money travels as naira numbers with at most two decimals and is stored as integer kobo. Plain
 * functions, no schema: the web app's first pages format money without loading the schemas.
 */

/** True for a finite number with at most two decimals (binary fractions allowed: 0.07). */
export const hasAtMostTwoDecimals = (n: number): boolean =>
  Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** Naira number → integer kobo, exact for inputs with at most two decimals. */
export const nairaToKobo = (naira: number): number => Math.round(naira * 100);

/** Integer kobo → naira number (two decimals at most). */
export const koboToNaira = (kobo: number | bigint): number => Number(kobo) / 100;

const formatter = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** ₦ with en-NG grouping: 25000 → "₦25,000", 33333.33 → "₦33,333.33". */
export const formatNaira = (naira: number | null | undefined): string =>
  naira == null || !Number.isFinite(naira) ? '₦0' : `₦${formatter.format(naira)}`;
