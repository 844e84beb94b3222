/** The reference for the API's overhead: a bare node:http server answering the health JSON. */
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok', db: 'ok' });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`listening ${typeof addr === 'object' && addr ? addr.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
