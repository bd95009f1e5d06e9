import type { DemoRequest } from '@shared/contracts/demo-requests';
import type * as repo from './repository';

/** Row -> wire shape for this module: the one place its DTOs are built (decision record 020). */
export function toWire(row: repo.DemoRequestRow): DemoRequest {
  return { ...row, preferredTime: row.preferredTime as DemoRequest['preferredTime'], createdAt: row.createdAt.toISOString() };
}
