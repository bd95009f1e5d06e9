import { describe, expect, it } from 'vitest';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import type { UserEvent } from '@server/lib/events';

const t = useTestApp();

async function conversationWithUnread() {
  const biz = await createBusiness(t, { tier: 'professional', companyName: 'Timber Co' });
  const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
  const first = await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'One' });
  await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'Two', conversationId: first.body.conversationId });
  const reply = await pro.client.post('/api/messages', { toUserId: biz.user.id, content: 'Reply', conversationId: first.body.conversationId });
  return { biz, pro, conversationId: first.body.conversationId as number, replyId: reply.body.id as number };
}

describe('POST /api/conversations/:id/read', () => {
  it('marks every message the viewer received in the thread read, and only those', async () => {
    const { biz, pro, conversationId } = await conversationWithUnread();
    expect((await pro.client.get(`/api/messages/unread/${pro.user.id}`)).body.count).toBe(2);
    const res = await pro.client.post(`/api/conversations/${conversationId}/read`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ marked: 2, unreadCount: 0 });
    const thread = await pro.client.get(`/api/messages?conversationId=${conversationId}`);
    expect(thread.body.map((m: { content: string; isRead: boolean }) => [m.content, m.isRead])).toEqual([
      ['One', true],
      ['Two', true],
      // The viewer's own message stays unread until the other side views the thread.
      ['Reply', false],
    ]);
    expect((await pro.client.get('/api/conversations')).body[0].unreadCount).toBe(0);
    expect((await biz.client.get(`/api/messages/unread/${biz.user.id}`)).body.count).toBe(1);
  });

  it('tells the sender their messages were read and the viewer their new unread count; a second call changes nothing', async () => {
    const { biz, pro, conversationId } = await conversationWithUnread();
    const toBiz: UserEvent[] = [];
    const toPro: UserEvent[] = [];
    t.events.subscribe(biz.user.id, (e) => toBiz.push(e));
    t.events.subscribe(pro.user.id, (e) => toPro.push(e));
    await pro.client.post(`/api/conversations/${conversationId}/read`);
    expect(toBiz).toEqual([{ type: 'message.read', data: { conversationId } }]);
    expect(toPro).toEqual([{ type: 'unread-count', data: { count: 0 } }]);
    const again = await pro.client.post(`/api/conversations/${conversationId}/read`);
    expect(again.body).toEqual({ marked: 0, unreadCount: 0 });
    expect(toBiz).toHaveLength(1);
  });

  it('tells the other participant, whichever side of the pair reads', async () => {
    // The pair is stored lower id first: the business (created first) is the conversation's first side here.
    const { biz, pro, conversationId } = await conversationWithUnread();
    expect(biz.user.id).toBeLessThan(pro.user.id);
    const toBiz: UserEvent[] = [];
    const toPro: UserEvent[] = [];
    t.events.subscribe(biz.user.id, (e) => toBiz.push(e));
    t.events.subscribe(pro.user.id, (e) => toPro.push(e));
    expect((await biz.client.post(`/api/conversations/${conversationId}/read`)).body).toEqual({ marked: 1, unreadCount: 0 });
    expect(toPro).toEqual([{ type: 'message.read', data: { conversationId } }]);
    expect(toBiz).toEqual([{ type: 'unread-count', data: { count: 0 } }]);
  });

  it("refuses someone else's conversation and leaves it unread", async () => {
    const { pro, conversationId } = await conversationWithUnread();
    const stranger = await createBusiness(t, { tier: 'professional' });
    const res = await stranger.client.post(`/api/conversations/${conversationId}/read`);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect((await pro.client.get(`/api/messages/unread/${pro.user.id}`)).body.count).toBe(2);
  });

  it('answers 404 for a missing conversation and 400 for a bad id', async () => {
    const { pro } = await conversationWithUnread();
    expect((await pro.client.post('/api/conversations/999999/read')).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await pro.client.post(`/api/conversations/${bad}/read`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
  });

  it('refuses signed-out callers', async () => {
    const { conversationId } = await conversationWithUnread();
    const res = await new TestClient(t.app).post(`/api/conversations/${conversationId}/read`);
    expect(res.status).toBe(401);
  });
});
