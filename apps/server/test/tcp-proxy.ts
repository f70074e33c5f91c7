import net from 'node:net';

/**
 * A TCP proxy in front of a real server, for outage tests: `stop()` is the server gone (refused
 * connections, open ones cut), `hang()` a server that accepts and never answers, `freeze()` one
 * that stops answering on the connections it has too, `resume()` the way back, on the same port.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  let mode: 'forward' | 'hang' = 'forward';
  const sockets = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => {});
        if (mode === 'hang') return; // accepted, never forwarded, never answered
        const upstream = net.connect(target.port, target.host);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        const pair: [net.Socket, net.Socket] = [client, upstream];
        pairs.add(pair);
        client.on('close', () => pairs.delete(pair));
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      pairs.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Refuses new connections and cuts the open ones. */
    stop: close,
    /** Accepts connections and never answers. */
    async hang() {
      await close();
      mode = 'hang';
      await listen();
    },
    /**
     * Open connections stay open and carry nothing more either way; new ones are accepted and never
     * answered: a server stopped with SIGSTOP, or a network that drops every packet.
     */
    freeze() {
      mode = 'hang';
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async resume() {
      await close();
      mode = 'forward';
      await listen();
    },
    close,
  };
}
