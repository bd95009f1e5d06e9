import { useSearchParams } from 'react-router';
import { revieweeTypes, type RevieweeType } from '@shared/contracts/reviews';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../auth/session';
import { useReviews, type ReviewFilter } from '../api';
import { ReviewCard } from '../components/review-card';
import { WriteReviewDialog } from '../components/write-review-dialog';

const filters: { value: ReviewFilter; label: string }[] = [
  { value: 'all', label: 'All Reviews' },
  { value: 'business', label: 'Business Reviews' },
  { value: 'pro_staff', label: 'Pro Staff Reviews' },
];

function readFilter(params: URLSearchParams): { filter: ReviewFilter; revieweeId: number | null } {
  const type = params.get('revieweeType');
  const filter: ReviewFilter = revieweeTypes.includes(type as RevieweeType) ? (type as RevieweeType) : 'all';
  const id = Number(params.get('revieweeId'));
  return { filter, revieweeId: filter !== 'all' && Number.isInteger(id) && id > 0 ? id : null };
}

export default function ReviewsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const { filter, revieweeId } = readFilter(params);
  const reviews = useReviews(filter, revieweeId, user?.id ?? null);

  const choose = (next: ReviewFilter) => setParams(next === 'all' ? {} : { revieweeType: next }, { replace: true });
  const subject = revieweeId !== null ? reviews.data?.[0]?.revieweeName : undefined;

  return (
    <Page
      title="Reviews & Ratings"
      description="What businesses and pro staff say about working together."
      actions={user ? <WriteReviewDialog initialType={filter === 'all' ? 'business' : filter} initialRevieweeId={revieweeId} /> : undefined}
    >
      <div role="group" aria-label="Filter reviews" className="mb-6 flex flex-wrap gap-2">
        {filters.map((option) => (
          <Button
            key={option.value}
            variant={filter === option.value && revieweeId === null ? 'primary' : 'outline'}
            size="sm"
            aria-pressed={filter === option.value && revieweeId === null}
            onClick={() => choose(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </div>
      {revieweeId !== null && (
        <p className="mb-4 text-sm text-bark-700">
          Showing reviews of {subject ?? 'one member'}.{' '}
          <button type="button" className="font-medium text-forest-700 hover:underline" onClick={() => choose(filter)}>
            Show all {filter === 'business' ? 'business' : 'pro staff'} reviews
          </button>
        </p>
      )}
      {!user && <p className="mb-4 text-sm text-bark-700">Sign in to write reviews and vote on them.</p>}
      {reviews.isLoading ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40 w-full" />
          ))}
        </div>
      ) : reviews.error ? (
        <p role="alert" className="text-sm text-red-700">Could not load reviews. Please try again.</p>
      ) : !reviews.data || reviews.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-bark-200 p-10 text-center">
          <p className="font-medium text-bark-900">No reviews yet</p>
          <p className="mt-1 text-sm text-bark-700">{user ? 'Be the first to write one.' : 'Check back soon.'}</p>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {reviews.data.map((review) => (
            <ReviewCard key={review.id} review={review} user={user} />
          ))}
        </div>
      )}
    </Page>
  );
}
