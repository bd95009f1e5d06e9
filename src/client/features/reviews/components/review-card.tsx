import { useState, type FormEvent, type ReactNode } from 'react';
import { MessageSquareReply, ThumbsDown, ThumbsUp } from 'lucide-react';
import type { SessionUser } from '@shared/contracts/auth';
import type { Review } from '@shared/contracts/reviews';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Textarea } from '@client/components/ui/input';
import { toast } from '@client/components/ui/toast';
import { useRespondToReview, useVoteReview } from '../api';
import { StarRating } from './star-rating';
import { toastError } from '@client/lib/toast-error';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const typeLabel = { business: 'Business', pro_staff: 'Pro Staff' } as const;

/** The reviewer's pros or cons: a coloured heading over a bulleted list. */
function PointList({ heading, headingClassName, points }: { heading: string; headingClassName: string; points: string[] }) {
  return (
    <div>
      <p className={`font-medium ${headingClassName}`}>{heading}</p>
      <ul className="list-inside list-disc text-bark-700">
        {points.map((point) => <li key={point}>{point}</li>)}
      </ul>
    </div>
  );
}

function VoteButton({ pressed, disabled, title, onClick, children }: { pressed: boolean; disabled: boolean; title?: string; onClick(): void; children: ReactNode }) {
  return (
    <Button variant={pressed ? 'primary' : 'outline'} size="sm" aria-pressed={pressed} disabled={disabled} title={title} onClick={onClick}>
      {children}
    </Button>
  );
}

function ResponseForm({ reviewId }: { reviewId: number }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const respond = useRespondToReview();
  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <MessageSquareReply className="h-4 w-4" aria-hidden="true" /> Respond
      </Button>
    );
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    try {
      await respond.mutateAsync({ reviewId, response: text.trim() });
      toast({ title: 'Response Posted', description: 'Your response is now shown under the review.' });
    } catch (error) {
      toastError(error, 'Failed to post your response.');
    }
  };
  return (
    <form onSubmit={onSubmit} className="flex w-full flex-col gap-2">
      <label htmlFor={`response-${reviewId}`} className="text-sm font-medium">
        Your response
      </label>
      <Textarea id={`response-${reviewId}`} value={text} onChange={(event) => setText(event.target.value)} maxLength={2000} />
      <p className="text-xs text-bark-700">You can respond once; your response is public.</p>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!text.trim() || respond.isPending}>
          {respond.isPending ? 'Posting...' : 'Post Response'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function ReviewCard({ review, user }: { review: Review; user: SessionUser | null }) {
  const vote = useVoteReview();
  const canVote = user !== null && user.id !== review.reviewerId;
  const canRespond = user !== null && review.revieweeType === 'business' && user.businessId === review.revieweeId && review.businessResponse === null;

  const onVote = async (isHelpful: boolean) => {
    try {
      await vote.mutateAsync({ reviewId: review.id, isHelpful });
      toast({ title: 'Thank you', description: 'Your feedback has been recorded.' });
    } catch (error) {
      toastError(error, 'Failed to record your vote.');
    }
  };

  /** The props of the Helpful (true) or Not Helpful (false) button: pressed when it is the user's vote. */
  const voteButton = (isHelpful: boolean) => ({
    pressed: review.myVote === isHelpful,
    disabled: !canVote || vote.isPending,
    title: canVote ? undefined : user ? 'You cannot vote on your own review' : 'Must be logged in',
    onClick: () => onVote(isHelpful),
  });

  return (
    <Card data-testid="review-card">
      <CardContent className="flex flex-col gap-3 pt-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 className="text-lg font-semibold text-bark-900">{review.title}</h3>
            <p className="text-sm text-bark-700">
              <span className="font-medium text-bark-900">{review.reviewerName}</span> reviewed{' '}
              <span className="font-medium text-bark-900">{review.revieweeName}</span> · {dateFormat.format(new Date(review.createdAt))}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge tone="outline">{typeLabel[review.revieweeType]}</Badge>
            {!review.isPublic && <Badge tone="orange">Private</Badge>}
            <StarRating rating={review.rating} />
          </div>
        </div>
        <p className="whitespace-pre-line text-sm text-bark-900">{review.content}</p>
        {(review.pros || review.cons) && (
          <div className="grid gap-3 text-sm sm:grid-cols-2">
            {review.pros && <PointList heading="Pros" headingClassName="text-forest-800" points={review.pros} />}
            {review.cons && <PointList heading="Cons" headingClassName="text-red-800" points={review.cons} />}
          </div>
        )}
        {review.businessResponse && (
          <div className="rounded-lg border-l-4 border-forest-500 bg-forest-50 p-3 text-sm" data-testid="business-response">
            <p className="font-medium text-forest-900">
              Response from {review.revieweeName}
              {review.responseDate && <span className="font-normal text-bark-700"> · {dateFormat.format(new Date(review.responseDate))}</span>}
            </p>
            <p className="mt-1 whitespace-pre-line text-bark-900">{review.businessResponse}</p>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2 border-t border-bark-100 pt-3">
          <span className="text-xs text-bark-700">Was this review helpful?</span>
          <VoteButton {...voteButton(true)}>
            <ThumbsUp className="h-4 w-4" aria-hidden="true" /> Helpful ({review.helpfulVotes})
          </VoteButton>
          <VoteButton {...voteButton(false)}>
            <ThumbsDown className="h-4 w-4" aria-hidden="true" /> Not Helpful ({review.unhelpfulVotes})
          </VoteButton>
          {canRespond && (
            <div className="ml-auto w-full sm:w-auto">
              <ResponseForm reviewId={review.id} />
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
