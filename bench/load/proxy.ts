/**
 * A tiny round-robin HTTP proxy, the load balancer of the two-instance run: each request
 * goes to the next upstream in turn over a keep-alive agent, streamed both ways. It keeps
 * the virtual user's X-Forwarded-For as a trusted edge would (the servers run with
 * TRUST_PROXY=1), and counts what each upstream answered. Forked by bench/load/run.ts:
 *
 *   argv: <listen port> <upstream base>...   messages: 'counts' → { [upstream]: { GET, POST } }
 */
import { Agent, createServer, request as httpRequest } from 'node:http';

const [port, ...upstreams] = process.argv.slice(2);
if (!port || upstreams.length === 0) throw new Error('usage: proxy.ts <port> <upstream>...');

const agent = new Agent({ keepAlive: true, maxSockets: 512 });
const counts = new Map(upstreams.map((upstream) => [upstream, { GET: 0, POST: 0, failed: 0 }]));
let turn = 0;

const server = createServer((incoming, outgoing) => {
  const upstream = upstreams[turn++ % upstreams.length]!;
  const count = counts.get(upstream)!;
  if (incoming.method === 'POST') count.POST++;
  else count.GET++;
  const headers = { ...incoming.headers };
  headers['x-forwarded-for'] ??= incoming.socket.remoteAddress ?? '';
  const call = httpRequest(
    `${upstream}${incoming.url ?? '/'}`,
    { method: incoming.method, headers, agent },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  call.on('error', () => {
    count.failed++;
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  incoming.pipe(call);
});
server.keepAliveTimeout = 65_000;

server.listen(Number(port), '127.0.0.1', () => process.send?.({ listening: Number(port) }));
process.on('message', (message) => {
  if (message === 'counts') process.send?.({ counts: Object.fromEntries(counts) });
});
process.on('SIGTERM', () => {
  agent.destroy();
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
