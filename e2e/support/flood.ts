/**
 * A flood of identical requests, run as its own process so it never shares the test's (or the
 * server's) event loop: `node e2e/support/flood.ts <connections> <max seconds> <request JSON>`,
 * where the request is `{ url, method, headers, body }`. Each of the connections sends the request
 * again as soon as its answer has arrived, until standard input closes (the test is done) or the
 * seconds are over; then it prints one JSON line, `{ statuses: { "429": n, … }, errors: n }`.
 */
import { Agent, request as send } from 'node:http';

interface FloodRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const [connections, maxSeconds, json] = process.argv.slice(2);
const request = JSON.parse(json!) as FloodRequest;
const agent = new Agent({ keepAlive: true, maxSockets: Number(connections) });
const statuses: Record<string, number> = {};
let errors = 0;
let stopped = false;
const stop = () => (stopped = true);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
const timer = setTimeout(stop, Number(maxSeconds) * 1000);

/** One request; its status, once the whole answer has arrived. */
function once(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = send(request.url, { method: request.method, headers: request.headers, agent }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end(request.body);
  });
}

async function worker(): Promise<void> {
  while (!stopped) {
    try {
      const status = await once();
      statuses[status] = (statuses[status] ?? 0) + 1;
    } catch {
      errors += 1;
    }
  }
}

await Promise.all(Array.from({ length: Number(connections) }, worker));
clearTimeout(timer);
agent.destroy();
process.stdout.write(`${JSON.stringify({ statuses, errors })}\n`);
process.exit(0);
