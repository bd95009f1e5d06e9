import type { Review } from '@shared/contracts/reviews';
import type * as repo from './repository';

/** Row -> wire shape for this module: the one place its DTOs are built (decision record 020). */
export function toReview(row: repo.ReviewRow): Review {
  return {
    ...row,
    reviewerName: row.reviewerName ?? (row.reviewerType === 'business' ? 'A business' : 'A pro staffer'),
    revieweeName: row.revieweeName ?? 'Former member',
    responseDate: row.responseDate ? row.responseDate.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
