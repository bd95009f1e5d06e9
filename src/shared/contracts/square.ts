import { z } from 'zod';
import { currencyCodeInput } from './common';

/** "Create Square discounts" (issue 44, decision record 040): one Square DISCOUNT catalog object per staffer code. */
export const squareDiscountsBody = z.object({
  /** The currency of the Square locations, for fixed-amount codes (a percentage needs none). */
  currency: currencyCodeInput.optional(),
});
export type SquareDiscountsBody = z.input<typeof squareDiscountsBody>;

export const squareDiscountOutcomes = ['created', 'existing', 'skipped'] as const;

export const squareDiscountsAnswer = z.object({
  discounts: z.array(
    z.object({
      codeId: z.number(),
      code: z.string(),
      outcome: z.enum(squareDiscountOutcomes),
      catalogObjectId: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type SquareDiscountsAnswer = z.infer<typeof squareDiscountsAnswer>;
