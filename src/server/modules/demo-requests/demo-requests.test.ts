import { describe, expect, it } from 'vitest';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, makeAdmin, signUp } from '@server/test/factories';
import type { UserEvent } from '@server/lib/events';
import { DEMO_REQUESTS_PER_HOUR } from '@server/lib/rate-limits/registry';

const t = useTestApp();

const body = { name: 'Dana Reyes', email: 'Dana@Ridgeline.example.com', company: 'Ridgeline Outfitters', preferredTime: 'Morning', message: 'We run 40 pro staff.' };

describe('POST /api/demo-requests', () => {
  it('stores a request from a visitor and notifies every admin by email and live event', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const events: UserEvent[] = [];
    t.events.subscribe(admin.user.id, (e) => events.push(e));
    const res = await new TestClient(t.app).post('/api/demo-requests', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Dana Reyes', email: 'dana@ridgeline.example.com', company: 'Ridgeline Outfitters', preferredTime: 'Morning', userId: null });
    expect(t.mailer.sent).toEqual([expect.objectContaining({ to: admin.user.email, subject: 'Demo request from Dana Reyes' })]);
    expect(t.mailer.sent[0].text).toContain('Preferred time: Morning');
    expect(events).toEqual([{ type: 'demo-request.created', data: { demoRequestId: res.body.id } }]);
    const list = await admin.client.get('/api/admin/demo-requests');
    expect(list.status).toBe(200);
    expect(list.body.map((r: { id: number }) => r.id)).toEqual([res.body.id]);
  });

  it('remembers the signed-in account that asked', async () => {
    const business = await createBusiness(t);
    const res = await business.client.post('/api/demo-requests', { ...body, company: '', message: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: business.user.id, company: null, message: null });
  });

  it('refuses invalid fields with 400 and stores nothing', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    for (const bad of [
      { ...body, name: '' },
      { ...body, name: 'Bad\u0000name' },
      { ...body, email: 'not-an-email' },
      { ...body, preferredTime: 'Midnight' },
      { ...body, preferredTime: true },
      { ...body, message: 'x'.repeat(2001) },
      { ...body, name: 12345 },
    ]) {
      const res = await new TestClient(t.app).post('/api/demo-requests', bad);
      expect(res.status, JSON.stringify(bad).slice(0, 60)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    expect((await admin.client.get('/api/admin/demo-requests')).body).toEqual([]);
    expect(t.mailer.sent).toEqual([]);
  });

  it('limits how many requests one address can send', async () => {
    for (let i = 0; i < DEMO_REQUESTS_PER_HOUR; i++) expect((await new TestClient(t.app).post('/api/demo-requests', body)).status).toBe(201);
    const res = await new TestClient(t.app).post('/api/demo-requests', body);
    expect(res.status).toBe(429);
  });
});

describe('GET /api/admin/demo-requests', () => {
  it('is for admins only', async () => {
    expect((await new TestClient(t.app).get('/api/admin/demo-requests')).status).toBe(401);
    const business = await createBusiness(t);
    expect((await business.client.get('/api/admin/demo-requests')).status).toBe(403);
  });
});
