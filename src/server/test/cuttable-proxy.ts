import net from 'node:net';

/** A TCP proxy to a database that a test can cut (drop every connection, refuse new ones) and restore. */
export class CuttableProxy {
  private readonly server = net.createServer((client) => this.accept(client));
  private readonly sockets = new Set<net.Socket>();
  private down = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  start(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as net.AddressInfo).port)));
  }

  cut(): void {
    this.down = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.down = false;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket) {
    if (this.down) return client.destroy();
    const upstream = net.connect(this.port, this.host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  }
}
