import { pgTable, text, unique } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAtColumn, idColumn } from './columns';
import { discountCodes, integrationPlatforms } from './discounts';

/**
 * The Square DISCOUNT catalog object made for a staffer's code on a Square platform (issue 44, decision record 040):
 * a till that applies it puts its catalog_object_id on the order, which credits the code even when the cashier renames
 * it. One object per code and platform (unique), so parallel "Create Square discounts" calls keep one.
 */
export const squareCatalogDiscounts = pgTable(
  'square_catalog_discounts',
  {
    id: idColumn(),
    platformId: cascadingReference('platform_id', () => integrationPlatforms.id),
    discountCodeId: cascadingReference('discount_code_id', () => discountCodes.id),
    catalogObjectId: text('catalog_object_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    unique('square_catalog_discounts_platform_code_unique').on(table.platformId, table.discountCodeId),
    unique('square_catalog_discounts_platform_object_unique').on(table.platformId, table.catalogObjectId),
  ],
);
