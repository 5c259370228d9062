import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay between a server and PostgreSQL or Redis, that a test can cut (every connection dropped, new ones
 * refused) and mend: the database "goes away" for this one server without stopping the shared service. Or between
 * a client and a server, whose open connections a test can freeze (see `freeze`).
 */
export class Relay {
  private readonly sockets = new Set<Socket>();
  private readonly pairs = new Set<readonly [Socket, Socket]>();
  private cut = false;
  private stalled = false;
  /** Connections taken so far. */
  accepted = 0;
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<Relay> {
    let relay: Relay | null = null;
    const server = createServer((client) => {
      if (!relay || relay.cut) return client.destroy();
      if (relay.stalled) {
        // Taken (by the kernel, as for a paused process) and never answered.
        relay.accepted++;
        relay.sockets.add(client);
        client.pause();
        client.on('error', () => relay?.sockets.delete(client)).on('close', () => relay?.sockets.delete(client));
        return;
      }
      const upstream = connect(target.port, target.host);
      const pair = [client, upstream] as const;
      relay.accepted++;
      relay.sockets.add(client).add(upstream);
      relay.pairs.add(pair);
      client.pipe(upstream).pipe(client);
      const end = (): void => {
        client.destroy();
        upstream.destroy();
        relay?.sockets.delete(client);
        relay?.sockets.delete(upstream);
        relay?.pairs.delete(pair);
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

  /**
   * The connections open now go silent both ways and stay open, as to a server process that is paused (SIGSTOP):
   * what is sent is held, nothing comes back, nothing closes. New connections pass (another process).
   */
  freeze(): void {
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
    this.pairs.clear();
  }

  /** While on, new connections are taken and never answered (with `freeze`, a process paused as a whole). */
  stall(on: boolean): void {
    this.stalled = on;
  }

  mend(): void {
    this.cut = false;
  }

  async close(): Promise<void> {
    this.break();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
