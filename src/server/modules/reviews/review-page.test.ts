import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { reviews } from '@server/db/schema/reviews';

const t = useTestApp();

const review = (proStaffId: number, rating: number, extra: Record<string, unknown> = {}) => ({
  revieweeType: 'pro_staff', revieweeId: proStaffId, rating, title: `Rated ${rating}`, content: 'Worked a full season with us.', ...extra,
});

/** Five public reviews of one pro staffer (ratings 5, 3, 4, 1, 5, oldest first) and one private 2. */
async function seed() {
  const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
  const ids: number[] = [];
  for (const [index, rating] of [5, 3, 4, 1, 5].entries()) {
    const business = await createBusiness(t, { companyName: `Outfitter ${index}` });
    const res = await business.client.post('/api/reviews', review(pro.proStaffId, rating));
    expect(res.status).toBe(201);
    ids.push(res.body.id);
    // Distinct creation times, oldest first.
    await t.database.db.update(reviews).set({ createdAt: new Date(Date.UTC(2026, 0, 1 + index)) }).where(eq(reviews.id, res.body.id));
  }
  const privateAuthor = await createBusiness(t, { companyName: 'Quiet Co' });
  const hidden = await privateAuthor.client.post('/api/reviews', review(pro.proStaffId, 2, { isPublic: false }));
  // The rating-3 review is the most helpful.
  await t.database.db.update(reviews).set({ helpfulVotes: 7 }).where(eq(reviews.id, ids[1]));
  return { pro, ids, privateAuthor, hiddenId: hidden.body.id as number };
}

const titles = (body: { items: { rating: number }[] }) => body.items.map((item) => item.rating);

describe('GET /api/reviews/page', () => {
  it('pages newest first with the average and distribution of all public reviews', async () => {
    const { pro } = await seed();
    const first = await new TestClient(t.app).get(`/api/reviews/page?revieweeType=pro_staff&revieweeId=${pro.proStaffId}&pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, total: 5 });
    expect(titles(first.body)).toEqual([5, 1]);
    expect(first.body.summary).toEqual({ count: 5, average: 3.6, distribution: { '1': 1, '2': 0, '3': 1, '4': 1, '5': 2 } });
    const third = await new TestClient(t.app).get(`/api/reviews/page?revieweeType=pro_staff&revieweeId=${pro.proStaffId}&pageSize=2&page=3`);
    expect(titles(third.body)).toEqual([5]);
    const beyond = await new TestClient(t.app).get(`/api/reviews/page?revieweeType=pro_staff&revieweeId=${pro.proStaffId}&pageSize=2&page=4`);
    expect(beyond.body.items).toEqual([]);
  });

  it('sorts by highest, lowest and most helpful', async () => {
    const { pro } = await seed();
    const get = async (sort: string) => titles((await new TestClient(t.app).get(`/api/reviews/page?revieweeType=pro_staff&revieweeId=${pro.proStaffId}&sort=${sort}`)).body);
    expect(await get('highest')).toEqual([5, 5, 4, 3, 1]);
    expect(await get('lowest')).toEqual([1, 3, 4, 5, 5]);
    expect((await get('helpful'))[0]).toBe(3);
    expect(await get('newest')).toEqual([5, 1, 4, 3, 5]);
  });

  it('counts a private review only for its author, in the items and the summary', async () => {
    const { pro, privateAuthor, hiddenId } = await seed();
    const url = `/api/reviews/page?revieweeType=pro_staff&revieweeId=${pro.proStaffId}&pageSize=50`;
    const author = await privateAuthor.client.get(url);
    expect(author.body.total).toBe(6);
    expect(author.body.summary.distribution['2']).toBe(1);
    expect(author.body.items.map((item: { id: number }) => item.id)).toContain(hiddenId);
    const stranger = await (await createBusiness(t)).client.get(url);
    expect(stranger.body.total).toBe(5);
    expect(stranger.body.items.map((item: { id: number }) => item.id)).not.toContain(hiddenId);
  });

  it('answers an empty page with a null average', async () => {
    const res = await new TestClient(t.app).get('/api/reviews/page?revieweeType=business&revieweeId=999');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], page: 1, pageSize: 10, total: 0, summary: { count: 0, average: null, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } } });
  });

  it('refuses bad sorts, pages and filters with 400', async () => {
    for (const query of ['sort=best', 'page=0', 'page=-1', 'page=abc', 'pageSize=500', 'revieweeId=3', 'revieweeType=admin', 'page=1%00']) {
      const res = await new TestClient(t.app).get(`/api/reviews/page?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
  });
});
