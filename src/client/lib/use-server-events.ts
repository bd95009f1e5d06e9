import { useEffect, useRef } from 'react';
import { serverEventTypes, type ServerEventData, type ServerEventType } from '@shared/contracts/events';

/** What a screen does on each event type it cares about, and when the stream (re)connects. */
export type ServerEventHandlers = { [T in ServerEventType]?: (data: ServerEventData<T>) => void } & { onOpen?: () => void };

// One EventSource per tab however many screens listen; closed when the last one unmounts.
let source: EventSource | null = null;
const subscribers = new Set<{ current: ServerEventHandlers }>();

function parse(event: MessageEvent): unknown {
  try {
    return JSON.parse(String(event.data));
  } catch {
    return {};
  }
}

function open(): EventSource {
  const es = new EventSource('/api/events', { withCredentials: true });
  for (const type of serverEventTypes) {
    es.addEventListener(type, (event) => {
      const data = parse(event as MessageEvent);
      for (const handlers of subscribers) (handlers.current[type] as ((data: unknown) => void) | undefined)?.(data);
    });
  }
  es.addEventListener('open', () => {
    for (const handlers of subscribers) handlers.current.onOpen?.();
  });
  return es;
}

/**
 * Listens to the signed-in user's Server-Sent Events (GET /api/events, typed by ServerEvent in the shared
 * contracts) while the calling component is mounted and `enabled`. Handlers may change on every render.
 */
export function useServerEvents(handlers: ServerEventHandlers, enabled = true) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const subscriber = latest;
    subscribers.add(subscriber);
    source ??= open();
    // Joining a stream that is already open: catch up now, as its own first open would have.
    if (source.readyState === EventSource.OPEN) subscriber.current.onOpen?.();
    return () => {
      subscribers.delete(subscriber);
      if (subscribers.size === 0) {
        source?.close();
        source = null;
      }
    };
  }, [enabled]);
}
