// A minimal load balancer for scale-out tests: each HTTP request goes to the next backend in turn; a
// backend that does not answer gets a 502 (as nginx would say), so a client retries into the next one.
import { createServer, request, type Server } from 'node:http';

export interface RoundRobinProxy {
  url: string;
  /** How many requests each backend was sent, by port. */
  sent: Map<number, number>;
  /** Requests answered 502 because their backend did not answer. */
  failed(): number;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(ports: readonly number[]): Promise<RoundRobinProxy> {
  let next = 0;
  let failed = 0;
  const sent = new Map<number, number>(ports.map((p) => [p, 0]));
  const server: Server = createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    sent.set(port, sent.get(port)! + 1);
    const upstream = request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      failed += 1;
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"Bad gateway"}');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    failed: () => failed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
