import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { businessProfiles, proStaffProfiles } from './profiles';

/** Money a business owes a pro staffer. Created by hand (business dashboard) or by order attribution (store integrations). */
export const commissions = pgTable(
  'commissions',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businessProfiles.id, { onDelete: 'cascade' }),
    proStaffId: integer('pro_staff_id').notNull().references(() => proStaffProfiles.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    description: text('description'),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] }).notNull().default('pending'),
    /** 'manual' from the dashboard, 'order' from an attributed store order. */
    source: text('source', { enum: ['manual', 'order'] }).notNull().default('manual'),
    /** The store order that produced it, when source is 'order' (unique per business, see discounts). */
    orderId: text('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('commissions_business_id_idx').on(table.businessId),
    index('commissions_pro_staff_id_idx').on(table.proStaffId),
  ],
);
