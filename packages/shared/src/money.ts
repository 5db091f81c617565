import { z } from 'zod';
import { jsonNumber } from './common';
import { hasAtMostTwoDecimals } from './naira';

const MAX_NAIRA = 1_000_000_000; // ₦1bn: far above any gym payment, far below int8 limits

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
