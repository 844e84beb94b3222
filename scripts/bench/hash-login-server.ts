/**
 * The least a login could cost on this machine (docs/speed.md, "The targets against the machine's
 * floors"): node:http reads the JSON body, checks its password against one stored Argon2id hash
 * (OWASP's parameters) through the product's password queue, as many at once as the API checks, and
 * answers 200, or 401 for a wrong password. No framework, no database, no rate limit and no
 * session. The bench logs in to it at the same connections as to the API, so every run shows what
 * the hash alone makes of the login's p99.
 */
import { createServer } from 'node:http';
import { hashPassword, passwordQueue } from '@bh/api/lib/password';

const password = process.env.BENCH_PASSWORD;
if (!password) throw new Error('BENCH_PASSWORD names the password to check');
const stored = await hashPassword(password);

const answer = (res: import('node:http').ServerResponse, status: number, body: object) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

const server = createServer((req, res) => {
  // The bench waits for a GET to answer before it loads the server.
  if (req.method !== 'POST') return answer(res, 200, { status: 'ok' });
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let given: unknown;
    try {
      given = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { password?: unknown }).password;
    } catch {
      return answer(res, 400, { success: false });
    }
    if (typeof given !== 'string') return answer(res, 400, { success: false });
    passwordQueue.verify(stored, given).then(
      (ok) => answer(res, ok ? 200 : 401, { success: ok }),
      () => answer(res, 503, { success: false }),
    );
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
