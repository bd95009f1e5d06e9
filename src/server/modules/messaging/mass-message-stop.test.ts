import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { restoreAfterEach, useTestApp } from '@server/test/use-test-app';
import { createBusiness } from '@server/test/factories';
import { massSendTuning, resumeMassSends, settledMassSends, stopMassSends } from './service-mass';

// Decision record 017: on close the batch in flight finishes (its transaction commits or rolls back whole) and no
// further batch starts; the send waits, `sending`, for the next start.
const t = useTestApp();
restoreAfterEach(massSendTuning);

const delivered = async () => (await t.database.query<{ n: number }>('select count(*)::int as n from messages'))[0].n;

describe('stopping background mass sends (app close)', () => {
  it('finishes the batch in flight, starts no other, and leaves the send to resume on the next start', async () => {
    massSendTuning.inlineMaxRecipients = 1;
    massSendTuning.batchSize = 2;
    massSendTuning.workers = 1;
    const biz = await createBusiness(t, { tier: 'enterprise' });
    await t.database.db.execute(sql`
      with staff as (
        insert into users (email, password_hash, user_type)
        select 'stop.' || g || '@example.com', 'x', 'pro_staff' from generate_series(1, 400) g returning id
      )
      insert into pro_staff_profiles (user_id, first_name, last_name, specialties, location)
      select id, 'Stop', id::text, array['Deer Hunting'], 'Casper, WY' from staff
    `);
    // The app closes as soon as the first batch is told to its first recipient (PGlite runs the whole delivery before
    // the answer otherwise, so a stop after the answer would come too late to see).
    const [first] = await t.database.query<{ id: number }>(`select min(id)::int as id from users where email like 'stop.%'`);
    let stopping: Promise<void> | undefined;
    t.events.subscribe(first.id, () => {
      stopping ??= stopMassSends(t.app.ctx);
    });
    const accepted = await biz.client.post('/api/mass-message', { content: 'Stop me', filters: {} });
    expect(accepted.status).toBe(202);
    await stopping;
    await settledMassSends(t.app.ctx);
    // The first batch committed whole; no batch started after the stop.
    const atStop = await delivered();
    expect(atStop).toBe(2);
    // A stopped app starts no delivery, not even for a retry or a resume.
    await resumeMassSends(t.app.ctx);
    await biz.client.post('/api/mass-message', { content: 'Stop me', filters: {} });
    await settledMassSends(t.app.ctx);
    expect(await delivered()).toBe(atStop);
    expect((await biz.client.get(`/api/mass-message/${accepted.body.id}`)).body).toMatchObject({ status: 'sending', deliveredCount: atStop });
  });
});
