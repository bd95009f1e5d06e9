import { useSearchParams } from 'react-router';
import { revieweeTypes, reviewSorts, type RevieweeType, type ReviewSort } from '@shared/contracts/reviews';
import { Button } from '@client/components/ui/button';
import { Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { useSession } from '@client/features/auth';
import { useReviewPage, type ReviewFilter } from '../api';
import { RatingSummary } from '../components/rating-summary';
import { ReviewCard } from '../components/review-card';
import { WriteReviewDialog } from '../components/write-review-dialog';

const filters: { value: ReviewFilter; label: string }[] = [
  { value: 'all', label: 'All Reviews' },
  { value: 'business', label: 'Business Reviews' },
  { value: 'pro_staff', label: 'Pro Staff Reviews' },
];

const sortLabels: Record<ReviewSort, string> = { newest: 'Newest', highest: 'Highest rated', lowest: 'Lowest rated', helpful: 'Most helpful' };

function readFilter(params: URLSearchParams): { filter: ReviewFilter; revieweeId: number | null; sort: ReviewSort; page: number } {
  const type = params.get('revieweeType');
  const filter: ReviewFilter = revieweeTypes.includes(type as RevieweeType) ? (type as RevieweeType) : 'all';
  const id = Number(params.get('revieweeId'));
  const sortParam = params.get('sort');
  const sort: ReviewSort = reviewSorts.includes(sortParam as ReviewSort) ? (sortParam as ReviewSort) : 'newest';
  const pageParam = Number(params.get('page'));
  return { filter, revieweeId: filter !== 'all' && Number.isInteger(id) && id > 0 ? id : null, sort, page: Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1 };
}

export default function ReviewsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const { filter, revieweeId, sort, page } = readFilter(params);
  const reviews = useReviewPage(filter, revieweeId, sort, page, user?.id ?? null);
  const items = reviews.data?.items;
  const pageCount = reviews.data ? Math.max(1, Math.ceil(reviews.data.total / reviews.data.pageSize)) : 1;

  // Filter, sort and page live in the address, so a shared or reloaded link shows the same page.
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const choose = (next: ReviewFilter) => update({ revieweeType: next === 'all' ? null : next, revieweeId: null, page: null });
  const goTo = (target: number) => {
    update({ page: target > 1 ? String(target) : null });
    window.scrollTo({ top: 0 });
  };
  const subject = revieweeId !== null ? items?.[0]?.revieweeName : undefined;

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
      {reviews.data && <RatingSummary summary={reviews.data.summary} />}
      {reviews.data && reviews.data.total > 0 && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-bark-700">
            {reviews.data.total} review{reviews.data.total === 1 ? '' : 's'} · page {page} of {pageCount}
          </p>
          <label className="flex items-center gap-2 text-sm">
            <span className="text-bark-700">Sort by</span>
            <select
              className="h-9 rounded-md border border-bark-200 bg-white px-2 text-sm"
              value={sort}
              onChange={(event) => update({ sort: event.target.value === 'newest' ? null : event.target.value, page: null })}
            >
              {reviewSorts.map((option) => <option key={option} value={option}>{sortLabels[option]}</option>)}
            </select>
          </label>
        </div>
      )}
      {reviews.isLoading ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40 w-full" />
          ))}
        </div>
      ) : reviews.error ? (
        <p role="alert" className="text-sm text-red-700">Could not load reviews. Please try again.</p>
      ) : !items || items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-bark-200 p-10 text-center">
          <p className="font-medium text-bark-900">No reviews yet</p>
          <p className="mt-1 text-sm text-bark-700">{user ? 'Be the first to write one.' : 'Check back soon.'}</p>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-4">
            {items.map((review) => (
              <ReviewCard key={review.id} review={review} user={user} />
            ))}
          </div>
          {pageCount > 1 && (
            <nav aria-label="Review pages" className="mt-6 flex items-center justify-center gap-3">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>Previous</Button>
              <span className="text-sm text-bark-700">Page {page} of {pageCount}</span>
              <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => goTo(page + 1)}>Next</Button>
            </nav>
          )}
        </>
      )}
    </Page>
  );
}
