import type { Advertisement } from '@shared/contracts/ads';
import type * as repo from './repository';

/** Row -> wire shape for this module: the one place its DTOs are built (decision record 020). */
export function toWire(row: repo.AdRecord): Advertisement {
  return { ...row, endDate: row.endDate.toISOString(), createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
