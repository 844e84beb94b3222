import { z } from 'zod';
import { defineOperation, jsonReply } from './define.ts';

const dbState = z.enum(['ok', 'down', 'restarting']).describe('`restarting` while the supervised embedded database is being started again.');
export const healthResponse = z.object({ status: z.enum(['ok', 'degraded']), db: dbState });
export const liveResponse = z.object({ status: z.literal('ok') });
export const readyResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ db: dbState }).catchall(z.enum(['ok', 'down'])).describe('The database, then each readiness check a module registered (e.g. the mail outbox).'),
});

const RETRY = { 'Retry-After': 'Seconds to wait before asking again.' };

export const health = {
  status: defineOperation({
    operationId: 'health',
    method: 'get',
    path: '/health',
    tags: ['Health'],
    summary: 'Is the API up and can it reach its database?',
    access: 'public',
    responses: {
      200: jsonReply('Up, database reachable.', healthResponse),
      503: jsonReply('The database cannot be reached.', healthResponse, RETRY),
    },
  }),

  live: defineOperation({
    operationId: 'healthLive',
    method: 'get',
    path: '/health/live',
    tags: ['Health'],
    summary: 'Liveness: does the process answer?',
    description: 'Never touches the database. An orchestrator restarts the process when this stops answering.',
    access: 'public',
    responses: { 200: jsonReply('The process answers.', liveResponse) },
  }),

  ready: defineOperation({
    operationId: 'healthReady',
    method: 'get',
    path: '/health/ready',
    tags: ['Health'],
    summary: 'Readiness: can this instance serve traffic?',
    description:
      'Ready when the database answers a ping and every readiness check registered by a module passes (each bounded to 1.5 s). A load balancer sends traffic only while this answers 200.',
    access: 'public',
    responses: {
      200: jsonReply('Ready.', readyResponse),
      503: jsonReply('The database or a registered check is down (`Retry-After: 5`).', readyResponse, RETRY),
    },
  }),
};
