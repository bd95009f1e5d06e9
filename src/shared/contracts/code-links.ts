import { z } from 'zod';

// The staffer's QR card (issue 44, decision record 040): each active code with the HuntStaff link its QR code holds.

export const codeLinkPaths = { cards: '/api/pro-staff/code-cards' } as const;

/** Where `/c/<business id>/<CODE>` leads: the store applies the code itself, or a page shows it to type or scan. */
export const codeLinkTargets = ['store_applies', 'shows_code'] as const;

export const codeCard = z.object({
  codeId: z.number(),
  code: z.string(),
  businessName: z.string(),
  discountType: z.enum(['percentage', 'fixed']),
  /** Percent for percentage codes, dollars for fixed ones (as the codes list gives it). */
  discountValue: z.number(),
  /** The HuntStaff link the QR code encodes. */
  link: z.string(),
  target: z.enum(codeLinkTargets),
});
export type CodeCard = z.infer<typeof codeCard>;

/** `/c/:businessId/:code`: any text, checked by the service, so a bad link gets the friendly page instead of JSON. */
export const codeLinkParams = z.object({ businessId: z.string().max(2000), code: z.string().max(2000) });
