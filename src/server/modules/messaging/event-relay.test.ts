import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgEventBus, type UserEvent } from '@server/lib/events';
import { testDatabase } from '@server/test/test-db';

const url = process.env.TEST_DATABASE_URL;
const silent = { warn: () => undefined, error: () => undefined };

// Two buses stand for two server instances sharing one PostgreSQL database.
describe.skipIf(!url)('PostgreSQL LISTEN/NOTIFY event relay', () => {
  let first: PgEventBus;
  let second: PgEventBus;

  beforeAll(async () => {
    const database = await testDatabase();
    first = new PgEventBus(database.pool!, silent);
    second = new PgEventBus(database.pool!, silent);
    await Promise.all([first.ready, second.ready]);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const next = (bus: PgEventBus, userId: number) =>
    new Promise<UserEvent>((resolve) => {
      const off = bus.subscribe(userId, (event) => {
        off();
        resolve(event);
      });
    });

  it('delivers an event published on one instance to tabs on another', async () => {
    const received = next(second, 41);
    const local = next(first, 41);
    await first.publish(41, { type: 'message.created', data: { messageId: 5, conversationId: 2, fromUserId: 9 } });
    expect(await received).toEqual({ type: 'message.created', data: { messageId: 5, conversationId: 2, fromUserId: 9 } });
    expect(await local).toEqual({ type: 'message.created', data: { messageId: 5, conversationId: 2, fromUserId: 9 } });
  });

  it('relays a batch in one round trip and only to the addressed users', async () => {
    const got: [number, UserEvent][] = [];
    const offs = [1, 2, 3].map((id) => second.subscribe(id, (event) => got.push([id, event])));
    await first.publishMany([
      { userId: 1, event: { type: 'message.created', data: { messageId: 1, conversationId: 1, fromUserId: 9 } } },
      { userId: 3, event: { type: 'message.created', data: { messageId: 3, conversationId: 1, fromUserId: 9 } } },
    ]);
    await expect.poll(() => got.length).toBe(2);
    expect(got.map(([id]) => id).sort()).toEqual([1, 3]);
    offs.forEach((off) => off());
  });
});
