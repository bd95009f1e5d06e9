import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { revieweeTypeSchema, splitCommaList, type RevieweeType } from '@shared/contracts/reviews';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { Input, Select } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { InputField, TextareaField } from '@client/components/ui/form-field';
import { useDebounced } from '@client/lib/use-debounced';
import { toast } from '@client/components/ui/toast';
import { useCreateReview, useReviewees } from '../api';
import { StarInput } from './star-rating';
import { toastError } from '@client/lib/toast-error';

const formSchema = z.object({
  revieweeType: revieweeTypeSchema,
  revieweeId: z.string().min(1, 'Choose who you are reviewing'),
  rating: z.number().int().min(1).max(5),
  title: z.string().trim().min(1, 'Title is required'),
  content: z.string().trim().min(10, 'Review content must be at least 10 characters'),
  pros: z.string(),
  cons: z.string(),
  isPublic: z.boolean(),
});
type FormValues = z.infer<typeof formSchema>;

type Props = { initialType?: RevieweeType; initialRevieweeId?: number | null };

export function WriteReviewDialog({ initialType = 'business', initialRevieweeId = null }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 250);
  const create = useCreateReview();
  const defaults: FormValues = {
    revieweeType: initialType,
    revieweeId: initialRevieweeId ? String(initialRevieweeId) : '',
    rating: 5,
    title: '',
    content: '',
    pros: '',
    cons: '',
    isPublic: true,
  };
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const revieweeType = useWatch({ control: form.control, name: 'revieweeType' });
  const reviewees = useReviewees(revieweeType, debounced, open);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      form.reset(defaults);
      setSearch('');
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        revieweeType: values.revieweeType,
        revieweeId: Number(values.revieweeId),
        rating: values.rating,
        title: values.title.trim(),
        content: values.content.trim(),
        pros: splitCommaList(values.pros),
        cons: splitCommaList(values.cons),
        isPublic: values.isPublic,
      });
      toast({ title: 'Review Published', description: 'Your review has been published successfully.' });
      setOpen(false);
    } catch (error) {
      toastError(error, 'Failed to submit review.');
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>Write Review</Button>
      </DialogTrigger>
      <DialogContent title="Write a Review" description="Share your experience working with a business or pro staff member.">
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <Field id="review-type" label="Reviewing a">
            <Select
              id="review-type"
              {...form.register('revieweeType', { onChange: () => form.setValue('revieweeId', '') })}
            >
              <option value="business">Business</option>
              <option value="pro_staff">Pro Staff</option>
            </Select>
          </Field>
          <Field id="review-reviewee" label={revieweeType === 'business' ? 'Business' : 'Pro Staff Member'} error={errors.revieweeId?.message}>
            <Input
              type="search"
              aria-label="Search by name or location"
              placeholder="Search by name or location"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <Select id="review-reviewee" aria-invalid={Boolean(errors.revieweeId)} {...form.register('revieweeId')}>
              <option value="">{reviewees.isLoading ? 'Loading...' : 'Select who you are reviewing'}</option>
              {(reviewees.data ?? []).map((reviewee) => (
                <option key={reviewee.id} value={String(reviewee.id)}>
                  {reviewee.name}
                  {reviewee.location ? ` — ${reviewee.location}` : ''}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-bark-900">Rating</span>
            <Controller control={form.control} name="rating" render={({ field }) => <StarInput value={field.value} onChange={field.onChange} />} />
          </div>
          <InputField form={form} name="title" id="review-title" label="Title" />
          <TextareaField form={form} name="content" id="review-content" label="Review" hint="At least 10 characters." />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="review-pros" label="Pros (optional)" hint="Separate with commas.">
              <Input id="review-pros" placeholder="Punctual, great footage" {...form.register('pros')} />
            </Field>
            <Field id="review-cons" label="Cons (optional)" hint="Separate with commas.">
              <Input id="review-cons" placeholder="Slow replies" {...form.register('cons')} />
            </Field>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" {...form.register('isPublic')} />
            Make this review public
          </label>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Publishing...' : 'Submit Review'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
