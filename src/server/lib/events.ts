import { EventEmitter } from 'node:events';

/** A push to one user's open tabs (sent over Server-Sent Events). Payloads carry ids, not content. */
export type UserEvent = { type: string; data: Record<string, unknown> };
export type UserEventListener = (event: UserEvent) => void;

export interface EventBus {
  publish(userId: number, event: UserEvent): Promise<void>;
  subscribe(userId: number, listener: UserEventListener): () => void;
  close(): Promise<void>;
}

/** In-process bus: enough for one server instance. */
export class LocalEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(userId: number, event: UserEvent): Promise<void> {
    this.deliver(userId, event);
  }

  deliver(userId: number, event: UserEvent): void {
    this.emitter.emit(`user:${userId}`, event);
  }

  subscribe(userId: number, listener: UserEventListener): () => void {
    const channel = `user:${userId}`;
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
