/**
 * The peer the health call is compared with (issue 52): Fastify as its guide sets it up, with its
 * standard pino request logging (`logger: true`: a line when each request comes in and one when it
 * is answered, on standard output, which the bench sends to /dev/null as it does the API's), answering
 * the health JSON with every header the API's answer carries: the security headers, `Vary` and a
 * request id (a client's own `X-Request-Id`, or a new UUID), which Fastify also logs with each line.
 */
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { HEADER_SETS } from '@bh/api/web/security-headers';
import { HEALTH_PATH } from './processes.ts';

const HEADERS: Record<string, string> = Object.fromEntries([...HEADER_SETS.http, ['Vary', 'Accept-Encoding']]);
const USABLE_REQUEST_ID = /^[\w\-=]{1,255}$/;

const app = Fastify({
  logger: true,
  genReqId: (req) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && USABLE_REQUEST_ID.test(given) ? given : randomUUID();
  },
});
// Serialised here, as Hono's `c.json` does for the API, and handed over as bytes: Fastify adds
// `; charset=utf-8` to a JSON content type given with an object or a string, which the API's answer
// does not say.
app.get(HEALTH_PATH, (req, reply) => {
  reply.headers(HEADERS).header('x-request-id', req.id).header('content-type', 'application/json');
  return reply.send(Buffer.from(JSON.stringify({ status: 'ok', db: 'ok' })));
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
