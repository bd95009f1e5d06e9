import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/use-test-app';
import { createBusiness, createProStaff } from './test/factories';

// Issue 17, item 8: `toUserId: true` messaged user 1, because body ids were coerced (Number(true) === 1).
// A JSON body carries ids as JSON numbers; a path or query string carries them as plain decimal digits.

const t = useTestApp();

async function messageCount(): Promise<number> {
  const [row] = await t.database.query<{ count: number }>('select count(*)::int as count from messages');
  return Number(row.count);
}

describe('ids are accepted only as what they are', () => {
  it('refuses a boolean, a string, a fraction or an array where a message body wants a user id', async () => {
    const business = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    for (const toUserId of [true, false, String(pro.user.id), `${pro.user.id}.0`, [pro.user.id], null, pro.user.id + 0.5, { id: pro.user.id }]) {
      const res = await business.client.post('/api/messages', { toUserId, content: 'Hello there' });
      expect(res.status, JSON.stringify(toUserId)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    const conversationIdAsText = await business.client.post('/api/messages', { toUserId: pro.user.id, content: 'Hi', conversationId: '1' });
    expect(conversationIdAsText.status).toBe(400);
    expect(await messageCount()).toBe(0);
    // The real thing still works.
    expect((await business.client.post('/api/messages', { toUserId: pro.user.id, content: 'Hello there' })).status).toBe(201);
  });

  it('refuses a boolean or a string job posting id when applying', async () => {
    const pro = await createProStaff(t);
    for (const jobPostingId of [true, '1']) {
      const res = await pro.client.post('/api/applications', { jobPostingId, coverLetter: 'Hi' });
      expect(res.status, JSON.stringify(jobPostingId)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
  });

  it('takes path and query ids only as decimal digits', async () => {
    const business = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    for (const id of ['true', '1e0', '0x1', '%201', '1.0', '-1', '0', '99999999999']) {
      const res = await business.client.get(`/api/conversations/with/${id}`);
      expect(res.status, id).toBe(400);
    }
    expect((await business.client.get(`/api/conversations/with/${pro.user.id}`)).status).toBe(200);
    for (const query of ['revieweeType=business&revieweeId=true', 'revieweeType=business&revieweeId=1e0']) {
      expect((await business.client.get(`/api/reviews?${query}`)).status, query).toBe(400);
    }
  });
});
