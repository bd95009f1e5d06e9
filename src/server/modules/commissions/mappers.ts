import type { Commission } from '@shared/contracts/commissions';
import { formatMinorUnits } from '@shared/currency';
import type * as repo from './repository';
import { isPayable } from './lifecycle';

/** Row -> wire shape for this module: the one place its DTOs are built (decision record 020). */
export function toCommission(row: repo.CommissionRow, now = new Date()): Commission {
  return {
    id: row.id,
    businessId: row.businessId,
    proStaffId: row.proStaffId,
    amount: formatMinorUnits(row.amountCents, row.currency),
    amountCents: row.amountCents,
    currency: row.currency,
    adjustsCommissionId: row.adjustsCommissionId,
    description: row.description,
    dueDate: row.dueDate,
    status: row.status,
    source: row.source,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    payableAt: row.payableAt.toISOString(),
    payable: isPayable(row, now),
    payoutId: row.payoutId,
    proStaff: { firstName: row.proStaffFirstName, lastName: row.proStaffLastName },
    business: { companyName: row.businessCompanyName },
    channel: row.channel,
    locationId: row.locationId,
  };
}
