import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay between a server and PostgreSQL or Redis, that a test can cut (every connection dropped, new ones
 * refused) and mend: the database "goes away" for this one server without stopping the shared service.
 */
export class Relay {
  private readonly sockets = new Set<Socket>();
  private cut = false;
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<Relay> {
    let relay: Relay | null = null;
    const server = createServer((client) => {
      if (!relay || relay.cut) return client.destroy();
      const upstream = connect(target.port, target.host);
      relay.sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const end = (): void => {
        client.destroy();
        upstream.destroy();
        relay?.sockets.delete(client);
        relay?.sockets.delete(upstream);
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    relay = new Relay(server, typeof address === 'object' && address ? address.port : 0);
    return relay;
  }

  /** The same URL, through the relay. */
  url(target: string): string {
    const u = new URL(target);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  /** Drops every connection and refuses new ones. */
  break(): void {
    this.cut = true;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  mend(): void {
    this.cut = false;
  }

  async close(): Promise<void> {
    this.break();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
