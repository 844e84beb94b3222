/**
 * The least the API's health call could cost (docs/speed.md, "The targets against the machine's
 * floors"): a Hono app with one route that answers the health JSON at once, served the way the
 * product serves (`listen`: @hono/node-server with the product's response class, so each answer
 * carries the security headers, `Vary` and the request id the API's answers carry). Nothing else:
 * no request log or metrics, no one-origin router, no database. The bench loads it beside the bare
 * server and the API, so every run shows how far below the bare server the headers and Hono alone
 * already are.
 */
import { Hono } from 'hono';
import { listen } from '@bh/api/web/connections';
import { HEALTH_PATH } from './processes.ts';

const app = new Hono();
app.get(HEALTH_PATH, (c) => c.json({ status: 'ok', db: 'ok' }));

const server = await listen(app.fetch, { port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1', bodyTimeoutMs: 10_000 });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
