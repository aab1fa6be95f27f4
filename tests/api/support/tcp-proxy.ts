import net from 'node:net';

/**
 * A TCP proxy between the app's pool and PostgreSQL, to take the database away from one
 * app without touching the shared server (tests/api/database-outage.test.ts). It forwards
 * bytes both ways until told otherwise.
 */
export class TcpProxy {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private silent = false;
  private resetPattern: string | undefined;
  private listeningPort = 0;

  private constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  /** A proxy to `target` on a free port of 127.0.0.1. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await proxy.listen(0);
    return proxy;
  }

  get port(): number {
    return this.listeningPort;
  }

  /** `url` (a PostgreSQL URL) through this proxy. */
  urlFor(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  /** PostgreSQL gone: every connection reset, and new ones refused (ECONNREFUSED). */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.resetAll();
    await closed;
    await this.settle();
  }

  /**
   * Lets the app's side of every reset connection see its RST (an I/O turn or a few): its
   * idle pool connections are dropped then, as they would be once a restart is noticed,
   * rather than each failing one request later.
   */
  settle(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** PostgreSQL back on the same port, forwarding again. */
  async reopen(): Promise<void> {
    this.silent = false;
    await this.listen(this.listeningPort);
  }

  /** Connections accepted but never answered: a host that went silent. */
  goSilent(): void {
    this.silent = true;
  }

  /**
   * Resets every connection when the app next sends bytes holding `text` (a statement of
   * the request under test), instead of forwarding them: the reset hits that query in flight.
   */
  resetWhenSent(text: string): void {
    this.resetPattern = text;
  }

  /** Every open connection, both sides, reset (RST) at once. */
  resetAll(): void {
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
  }

  async close(): Promise<void> {
    this.resetAll();
    if (this.server.listening) await new Promise((resolve) => this.server.close(resolve));
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        this.listeningPort = (this.server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private accept(client: net.Socket): void {
    this.track(client);
    if (this.silent) return;
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.on('data', (chunk: Buffer) => {
      if (this.resetPattern && chunk.includes(this.resetPattern)) {
        this.resetPattern = undefined;
        this.resetAll();
        return;
      }
      if (!this.silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!this.silent) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    // A reset socket's ECONNRESET is the point of the exercise, not a test failure.
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
  }
}
