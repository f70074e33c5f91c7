import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../app';
import { buildTestApp, clientHeaders } from '../../test/helper';

/**
 * A client that announces a large body and then trickles it cannot hold a connection: the whole
 * request must arrive within the request timeout (REQUEST_TIMEOUT_MS; 1.5 s here), then the server
 * answers 408 and closes the socket.
 */
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await buildTestApp({}, { requestTimeoutMs: 1500 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app?.close());

/** Sends `head`, then one byte every 100 ms until the server closes; answers what the server sent. */
const trickle = (head: string) =>
  new Promise<{ received: string; bytesSent: number }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    // A reset after the server gave up is a close like another.
    socket.on('error', () => socket.destroy());
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (!socket.writable) return;
        socket.write('a');
        bytesSent++;
      }, 100);
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ received, bytesSent });
    });
  });

describe('request timeout', () => {
  it('is on in production: two minutes', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    expect(app.server.requestTimeout).toBe(1500);
    expect(app.server.headersTimeout).toBeLessThanOrEqual(app.server.requestTimeout);
  });

  it('cuts off a multipart body trickled a byte at a time, with 408', async () => {
    const { received, bytesSent } = await trickle(
      [
        'POST /api/mail HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: multipart/form-data; boundary=x',
        ...Object.entries(clientHeaders()).map(([name, value]) => `${name}: ${value}`),
        'Content-Length: 10000000',
        '',
        '',
      ].join('\r\n'),
    );
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    // Far fewer bytes than announced: the server stopped waiting, not the client.
    expect(bytesSent).toBeLessThan(1000);
  });

  it('cuts off headers that never end', async () => {
    const { received, bytesSent } = await trickle('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    // Closed by the server (a 408 when Node can still write one), long before the client would stop.
    expect(received === '' || /^HTTP\/1\.1 408 /.test(received), received).toBe(true);
    expect(bytesSent).toBeLessThan(1000);
  });
});
