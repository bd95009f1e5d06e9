import type { Allotment } from '@shared/contracts/gear';

/** One line of a request being put together (or edited): the variant, how many, and what to show for it. */
export type CartLine = { variantId: number; quantity: number; productTitle: string; variantTitle: string; unitPriceMinor: number; currency: string };

export const MAX_QUANTITY = 20;

/** A quantity the request schema accepts: a whole number from 1 to 20 (anything else typed becomes the nearest). */
export const clampQuantity = (value: number): number => Math.max(1, Math.min(MAX_QUANTITY, Math.trunc(value) || 1));

/** Adds `line` to the cart, or raises the quantity of the same variant already in it. */
export function addLine(cart: CartLine[], line: CartLine): CartLine[] {
  const existing = cart.find((l) => l.variantId === line.variantId);
  if (existing) return cart.map((l) => (l === existing ? { ...l, quantity: clampQuantity(l.quantity + line.quantity) } : l));
  return [...cart, line];
}

/**
 * The cart against what is left of the allotment: over the value only counts lines in the allotment's currency (a
 * line in another currency is never added to it; the server decides those), over the items counts every unit.
 */
export function checkCart(cart: CartLine[], allotment: Allotment | null): { items: number; itemsLeft: number | null; overValue: boolean; overItems: boolean } {
  const items = cart.reduce((sum, l) => sum + l.quantity, 0);
  if (!allotment) return { items, itemsLeft: null, overValue: false, overItems: false };
  const valueMinor = cart.filter((l) => l.currency === allotment.currency).reduce((sum, l) => sum + l.unitPriceMinor * l.quantity, 0);
  const itemsLeft = allotment.itemsLimit !== null ? Math.max(0, allotment.itemsLimit - allotment.itemsUsed) : null;
  return { items, itemsLeft, overValue: allotment.limitMinor > 0 && valueMinor > allotment.remainingMinor, overItems: itemsLeft !== null && items > itemsLeft };
}
