/**
 * Baseline for the benches (started by `startBaseline`, bench/harness/baseline.ts):
 * a bare node:http server that answers every request with one fixed,
 * pre-recorded response — the exact body bytes, content-encoding, content-type
 * and other headers that the real SSR server sent for one page (bench/ssr.ts
 * starts one per page and mode; the signed-in, shop and study benches one per
 * personal page). It does no routing, no rendering and no compression per
 * request, so it marks the ceiling that Node itself reaches on this machine.
 *
 * Usage: node bench/baseline-server.ts <body-file> <headers-json-file>
 *   body-file          the response body exactly as received on the wire (e.g. brotli or gzip bytes)
 *   headers-json-file  JSON array of [name, value] pairs to send (content-type, content-encoding, …)
 * Listens on 127.0.0.1 and env PORT (default 0 = any free port), then prints
 * one line `{"port":N}` on stdout. Stops on SIGTERM/SIGINT.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import process from 'node:process';

const [bodyPath, headersPath] = process.argv.slice(2);
if (!bodyPath || !headersPath) {
  console.error('usage: node bench/baseline-server.ts <body-file> <headers-json-file>');
  process.exit(2);
}

const body = readFileSync(bodyPath);
const recorded = JSON.parse(readFileSync(headersPath, 'utf8')) as Array<[string, string]>;
const headers: Array<[string, string]> = [...recorded, ['content-length', String(body.length)]];

const server = createServer((req, res) => {
  // Drain any request body, then send the recorded response unchanged.
  req.resume();
  res.writeHead(200, headers.flat());
  res.end(body);
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
