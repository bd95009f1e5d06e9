import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, makeAdmin, signUp } from '@server/test/factories';

// Issue 17, item 5: GET /api/conversations/with/:userId let any new account read the email of any user id.

const t = useTestApp();

describe('GET /api/conversations/with/:userId', () => {
  it('shows a stranger the name and account type, never the email', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business', 'the.admin@example.com'));
    const pro = await createProStaff(t, { firstName: 'Jo', lastName: 'Guide' });
    const newcomer = await signUp(t, 'business');
    for (const target of [admin.user, pro.user]) {
      const res = await newcomer.client.get(`/api/conversations/with/${target.id}`);
      expect(res.status).toBe(200);
      expect(res.raw.body).not.toContain(target.email);
      expect(res.body.otherUser).toMatchObject({ id: target.id, email: null, userType: target.userType });
    }
    expect((await newcomer.client.get(`/api/conversations/with/${pro.user.id}`)).body.otherUser.name).toBe('Jo Guide');
  });

  it('shows the email once the two already share a conversation', async () => {
    const business = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    expect((await business.client.post('/api/messages', { toUserId: pro.user.id, content: 'Hello there' })).status).toBe(201);
    const res = await business.client.get(`/api/conversations/with/${pro.user.id}`);
    expect(res.body.otherUser.email).toBe(pro.user.email);
    expect(res.body.conversation).not.toBeNull();
  });
});
