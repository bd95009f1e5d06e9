import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, signUp } from '@server/test/factories';
import { proStaffProfiles } from '@server/db/schema/profiles';

const t = useTestApp();

const anonymous = () => new TestClient(t.app);

const validReview = (revieweeType: 'business' | 'pro_staff', revieweeId: number, extra: Record<string, unknown> = {}) => ({
  revieweeType, revieweeId, rating: 4, title: 'Great season', content: 'Guided us to a bull on day two. Professional.', ...extra,
});

async function ratingOf(proStaffId: number) {
  const [row] = await t.database.db.select({ rating: proStaffProfiles.rating }).from(proStaffProfiles).where(eq(proStaffProfiles.id, proStaffId));
  return row.rating;
}

describe('POST /api/reviews', () => {
  it('publishes a review, taking the reviewer from the session', async () => {
    const business = await createBusiness(t, { companyName: 'Timber Co' });
    const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
    const res = await business.client.post('/api/reviews', validReview('pro_staff', pro.proStaffId, {
      pros: [' punctual ', '', 'great footage'], cons: [], reviewerId: 999, reviewerType: 'pro_staff',
    }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      reviewerId: business.user.id, reviewerType: 'business', reviewerName: 'Timber Co',
      revieweeType: 'pro_staff', revieweeId: pro.proStaffId, revieweeName: 'Jake Morrison',
      rating: 4, title: 'Great season', pros: ['punctual', 'great footage'], cons: null, isPublic: true,
      helpfulVotes: 0, unhelpfulVotes: 0, businessResponse: null, responseDate: null, myVote: null,
    });
  });

  it('keeps the pro staffer’s rating at the average of public reviews', async () => {
    const pro = await createProStaff(t);
    expect(await ratingOf(pro.proStaffId)).toBe(0);
    const a = await createBusiness(t);
    const b = await createBusiness(t);
    const c = await signUp(t, 'pro_staff');
    expect((await a.client.post('/api/reviews', validReview('pro_staff', pro.proStaffId, { rating: 5 }))).status).toBe(201);
    expect(await ratingOf(pro.proStaffId)).toBe(5);
    expect((await b.client.post('/api/reviews', validReview('pro_staff', pro.proStaffId, { rating: 4 }))).status).toBe(201);
    expect(await ratingOf(pro.proStaffId)).toBe(4.5);
    // Private reviews do not count.
    expect((await c.client.post('/api/reviews', validReview('pro_staff', pro.proStaffId, { rating: 1, isPublic: false }))).status).toBe(201);
    expect(await ratingOf(pro.proStaffId)).toBe(4.5);
    const d = await signUp(t, 'business');
    expect((await d.client.post('/api/reviews', validReview('pro_staff', pro.proStaffId, { rating: 4 }))).status).toBe(201);
    expect(await ratingOf(pro.proStaffId)).toBe(4.3);
  });

  it('defaults the rating to 5', async () => {
    const business = await createBusiness(t);
    const pro = await createProStaff(t);
    const res = await pro.client.post('/api/reviews', validReview('business', business.businessId, { rating: undefined }));
    expect(res.status).toBe(201);
    expect(res.body.rating).toBe(5);
  });

  it.each([
    [{ title: '  ' }, 'title', 'Title is required'],
    [{ content: 'too short' }, 'content', 'Review content must be at least 10 characters'],
    [{ rating: 0 }, 'rating', 'Rating must be 1 to 5'],
    [{ rating: 6 }, 'rating', 'Rating must be 1 to 5'],
    [{ rating: 3.5 }, 'rating', 'Rating must be 1 to 5'],
    [{ revieweeType: 'admin' }, 'revieweeType', undefined],
    [{ revieweeId: 'x' }, 'revieweeId', undefined],
    [{ revieweeId: 2_147_483_648 }, 'revieweeId', undefined],
  ])('rejects %j', async (patch, field, message) => {
    const business = await createBusiness(t);
    const pro = await createProStaff(t);
    const res = await pro.client.post('/api/reviews', { ...validReview('business', business.businessId), ...patch });
    expect(res.status).toBe(400);
    const issue = res.body.error.details.find((d: { path: string }) => d.path === field);
    expect(issue).toBeTruthy();
    if (message) expect(issue.message).toBe(message);
  });

  it('allows one review per reviewer per reviewee', async () => {
    const business = await createBusiness(t);
    const pro = await createProStaff(t);
    expect((await pro.client.post('/api/reviews', validReview('business', business.businessId))).status).toBe(201);
    const again = await pro.client.post('/api/reviews', validReview('business', business.businessId, { title: 'Again' }));
    expect(again.status).toBe(409);
  });

  it('refuses self-reviews and unknown reviewees', async () => {
    const business = await createBusiness(t);
    const pro = await createProStaff(t);
    expect((await business.client.post('/api/reviews', validReview('business', business.businessId))).status).toBe(403);
    expect((await pro.client.post('/api/reviews', validReview('pro_staff', pro.proStaffId))).status).toBe(403);
    expect((await pro.client.post('/api/reviews', validReview('business', 99999))).status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const business = await createBusiness(t);
    const res = await anonymous().post('/api/reviews', validReview('business', business.businessId));
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Must be logged in');
  });
});

describe('GET /api/reviews', () => {
  it('lists public reviews, filtered by reviewee type and id', async () => {
    const business = await createBusiness(t, { companyName: 'Timber Co' });
    const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
    const pro2 = await createProStaff(t, { firstName: 'Sarah', lastName: 'Whitfield' });
    const ofBusiness = (await pro.client.post('/api/reviews', validReview('business', business.businessId))).body;
    const ofPro = (await business.client.post('/api/reviews', validReview('pro_staff', pro.proStaffId))).body;
    const privateOne = (await pro2.client.post('/api/reviews', validReview('business', business.businessId, { isPublic: false }))).body;

    const all = await anonymous().get('/api/reviews');
    expect(all.status).toBe(200);
    expect(all.body.map((r: { id: number }) => r.id)).toEqual([ofPro.id, ofBusiness.id]);
    expect(all.body[1]).toMatchObject({ revieweeName: 'Timber Co', reviewerName: 'Jake Morrison' });

    const businessOnly = await anonymous().get('/api/reviews?revieweeType=business');
    expect(businessOnly.body.map((r: { id: number }) => r.id)).toEqual([ofBusiness.id]);
    const oneProStaff = await anonymous().get(`/api/reviews?revieweeType=pro_staff&revieweeId=${pro.proStaffId}`);
    expect(oneProStaff.body.map((r: { id: number }) => r.id)).toEqual([ofPro.id]);
    expect((await anonymous().get(`/api/reviews?revieweeType=pro_staff&revieweeId=${pro2.proStaffId}`)).body).toEqual([]);

    // A private review is shown to its author and the reviewed business only.
    const authorView = await pro2.client.get('/api/reviews?revieweeType=business');
    expect(authorView.body.map((r: { id: number }) => r.id)).toContain(privateOne.id);
    const ownerView = await business.client.get('/api/reviews?revieweeType=business');
    expect(ownerView.body.map((r: { id: number }) => r.id)).toContain(privateOne.id);
    const strangerView = await (await createBusiness(t)).client.get('/api/reviews?revieweeType=business');
    expect(strangerView.body.map((r: { id: number }) => r.id)).not.toContain(privateOne.id);
  });

  it('rejects a bad filter', async () => {
    expect((await anonymous().get('/api/reviews?revieweeType=admin')).status).toBe(400);
    expect((await anonymous().get('/api/reviews?revieweeId=abc')).status).toBe(400);
    expect((await anonymous().get('/api/reviews?revieweeId=1')).status).toBe(400);
    expect((await anonymous().get('/api/reviews?revieweeId=99999999999')).status).toBe(400);
  });
});

describe('POST /api/reviews/:id/helpful', () => {
  it('counts one vote per user and lets it change', async () => {
    const business = await createBusiness(t);
    const pro = await createProStaff(t);
    const voter = await signUp(t, 'business');
    const voter2 = await signUp(t, 'pro_staff');
    const review = (await pro.client.post('/api/reviews', validReview('business', business.businessId))).body;

    let res = await voter.client.post(`/api/reviews/${review.id}/helpful`, { isHelpful: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reviewId: review.id, helpfulVotes: 1, unhelpfulVotes: 0, myVote: true });
    res = await voter.client.post(`/api/reviews/${review.id}/helpful`, { isHelpful: true });
    expect(res.body).toMatchObject({ helpfulVotes: 1, unhelpfulVotes: 0 });
    res = await voter.client.post(`/api/reviews/${review.id}/helpful`, { isHelpful: false });
    expect(res.body).toMatchObject({ helpfulVotes: 0, unhelpfulVotes: 1, myVote: false });
    res = await voter2.client.post(`/api/reviews/${review.id}/helpful`, { isHelpful: true });
    expect(res.body).toMatchObject({ helpfulVotes: 1, unhelpfulVotes: 1 });

    const listed = await voter.client.get('/api/reviews');
    expect(listed.body[0]).toMatchObject({ helpfulVotes: 1, unhelpfulVotes: 1, myVote: false });
  });

  it('validates, needs login, and hides private or missing reviews', async () => {
    const business = await createBusiness(t);
    const pro = await createProStaff(t);
    const voter = await signUp(t, 'business');
    const review = (await pro.client.post('/api/reviews', validReview('business', business.businessId))).body;
    const hidden = (await business.client.post('/api/reviews', validReview('pro_staff', pro.proStaffId, { isPublic: false }))).body;
    expect((await voter.client.post(`/api/reviews/${review.id}/helpful`, { isHelpful: 'yes' })).status).toBe(400);
    const anon = await anonymous().post(`/api/reviews/${review.id}/helpful`, { isHelpful: true });
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe('Must be logged in');
    expect((await pro.client.post(`/api/reviews/${review.id}/helpful`, { isHelpful: true })).status).toBe(403);
    expect((await voter.client.post(`/api/reviews/${hidden.id}/helpful`, { isHelpful: true })).status).toBe(404);
    expect((await voter.client.post('/api/reviews/99999/helpful', { isHelpful: true })).status).toBe(404);
  });
});

describe('POST /api/reviews/:id/response', () => {
  it('lets the reviewed business answer once', async () => {
    const business = await createBusiness(t);
    const pro = await createProStaff(t);
    const toBusiness: string[] = [];
    const toReviewer: string[] = [];
    const stopBusiness = t.events.subscribe(business.user.id, (event) => { if (event.type !== 'notifications.changed') toBusiness.push(event.type); });
    const stopReviewer = t.events.subscribe(pro.user.id, (event) => { if (event.type !== 'notifications.changed') toReviewer.push(event.type); });
    const review = (await pro.client.post('/api/reviews', validReview('business', business.businessId))).body;
    const res = await business.client.post(`/api/reviews/${review.id}/response`, { response: '  Thanks, see you next season! ' });
    expect(res.status).toBe(200);
    expect(res.body.businessResponse).toBe('Thanks, see you next season!');
    expect(Date.parse(res.body.responseDate)).toBeGreaterThan(Date.now() - 60_000);
    const again = await business.client.post(`/api/reviews/${review.id}/response`, { response: 'Edited' });
    expect(again.status).toBe(409);
    stopBusiness();
    stopReviewer();
    expect(toBusiness).toEqual(['review.created']);
    expect(toReviewer).toEqual(['review.responded']);
  });

  it('is only for the reviewed business', async () => {
    const business = await createBusiness(t);
    const other = await createBusiness(t);
    const pro = await createProStaff(t);
    const review = (await pro.client.post('/api/reviews', validReview('business', business.businessId))).body;
    const ofPro = (await business.client.post('/api/reviews', validReview('pro_staff', pro.proStaffId))).body;
    expect((await anonymous().post(`/api/reviews/${review.id}/response`, { response: 'Hi' })).status).toBe(401);
    expect((await pro.client.post(`/api/reviews/${review.id}/response`, { response: 'Hi' })).status).toBe(403);
    expect((await other.client.post(`/api/reviews/${review.id}/response`, { response: 'Hi' })).status).toBe(403);
    expect((await business.client.post(`/api/reviews/${ofPro.id}/response`, { response: 'Hi' })).status).toBe(403);
    expect((await business.client.post(`/api/reviews/${review.id}/response`, { response: ' ' })).status).toBe(400);
    expect((await business.client.post('/api/reviews/99999/response', { response: 'Hi' })).status).toBe(404);
  });
});

describe('GET /api/reviews/reviewees', () => {
  it('lists businesses or pro staff to review, without the caller', async () => {
    const me = await createBusiness(t, { companyName: 'Alpha Outfitters' });
    const other = await createBusiness(t, { companyName: 'Bravo Optics' });
    const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
    const businesses = await me.client.get('/api/reviews/reviewees?type=business');
    expect(businesses.status).toBe(200);
    expect(businesses.body).toEqual([{ id: other.businessId, type: 'business', name: 'Bravo Optics', location: 'Bozeman, MT' }]);
    const pros = await me.client.get('/api/reviews/reviewees?type=pro_staff&search=morr');
    expect(pros.body.map((p: { id: number }) => p.id)).toEqual([pro.proStaffId]);
    expect((await me.client.get('/api/reviews/reviewees?type=admin')).status).toBe(400);
    expect((await anonymous().get('/api/reviews/reviewees?type=business')).status).toBe(401);
  });
});
