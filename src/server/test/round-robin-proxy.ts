import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP load balancer for tests and the benchmark: each request goes to the next backend in turn, streamed
 * both ways (SSE included). `served` counts what each backend got. It adds X-Forwarded-For like a real balancer;
 * the apps believe it only with TRUST_PROXY.
 */
export class RoundRobinProxy {
  readonly served: number[];
  private next = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly server = http.createServer((request, response) => this.forward(request, response));

  constructor(private readonly backends: string[]) {
    this.served = backends.map(() => 0);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(request: http.IncomingMessage, response: http.ServerResponse) {
    const index = this.next++ % this.backends.length;
    this.served[index] += 1;
    const target = new URL(this.backends[index]);
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: { ...request.headers, 'x-forwarded-for': forwardedFor }, agent: this.agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    // A client that leaves (a closed SSE tab) ends the upstream request too.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  }
}
