import { z } from 'zod';
import { jsonReply, operations } from './define.ts';

const op = operations('Health');

const dbState = z
  .enum(['ok', 'down', 'restarting', 'disk_full'])
  .describe('`restarting` while the supervised embedded database is being started again; `disk_full` while its disk refuses writes for lack of space.');
export const healthResponse = z.object({ status: z.enum(['ok', 'degraded']), db: dbState });
export const liveResponse = z.object({ status: z.literal('ok') });
export const readyResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z
    .object({ db: dbState })
    .catchall(z.enum(['ok', 'down', 'failing']))
    .describe('The database, then each readiness check a module registered (e.g. the mail outbox). `failing` (still ready): the outbox\'s SMTP server has refused every message for `MAIL_FAILING_MS` (15 minutes).'),
});

const RETRY = { 'Retry-After': 'Seconds to wait before asking again.' };

export const health = {
  status: op('GET /health', 'health', { access: 'public', summary: 'Is the API up and can it reach its database?',
    responses: { 200: jsonReply('Up, database reachable.', healthResponse), 503: jsonReply('The database cannot be reached, or its disk is full.', healthResponse, RETRY) } }),

  live: op('GET /health/live', 'healthLive', { access: 'public', summary: 'Liveness: does the process answer?',
    description: 'Never touches the database. An orchestrator restarts the process when this stops answering.',
    responses: { 200: jsonReply('The process answers.', liveResponse) } }),

  ready: op('GET /health/ready', 'healthReady', { access: 'public', summary: 'Readiness: can this instance serve traffic?',
    description: 'Ready when the database answers a ping and every readiness check registered by a module passes (each bounded to 1.5 s). A load balancer sends traffic only while this answers 200.',
    responses: { 200: jsonReply('Ready; `status` is `degraded` when a check warns (`outbox: failing`).', readyResponse), 503: jsonReply('The database or a registered check is down (`Retry-After: 5`).', readyResponse, RETRY) } }),
};
