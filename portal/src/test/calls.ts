import { onTestFinished } from 'vitest';
import { createApiClient, type OperationConfig } from '@bh/shared/contract';
import { server } from './server.ts';

/** What a screen sent to one operation: how many calls, and the JSON bodies among them. */
export interface SentCalls {
  count: number;
  bodies: unknown[];
}

/**
 * Records the calls the screen sends to an operation (one without path parameters) from now on,
 * until the test ends: for what a screen must send, or must not send at all.
 */
export function callsTo(op: OperationConfig): SentCalls {
  const path = createApiClient().url(op);
  const sent: SentCalls = { count: 0, bodies: [] };
  const listener = ({ request }: { request: Request }) => {
    if (request.method !== op.method.toUpperCase() || new URL(request.url).pathname !== path) return;
    sent.count += 1;
    if (request.headers.get('content-type')?.includes('application/json')) void request.clone().json().then((body: unknown) => sent.bodies.push(body));
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return sent;
}
