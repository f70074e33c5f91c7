// Test and bench support: a provider and an active mailbox pointing at a test SMTP peer.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { MailboxFormInput, ProviderRequest } from '@app/shared/schemas/mail';
import { call } from './helper';

export const providerBody = (over: Partial<ProviderRequest> = {}): ProviderRequest => ({
  providerName: `Provider ${Math.random().toString(36).slice(2, 8)}`,
  mailboxType: 'DEV',
  host: '127.0.0.1',
  port: 2525,
  protocol: 'smtp',
  auth: false,
  starttlsEnable: false,
  connectionTimeout: 5000,
  timeout: 5000,
  writeTimeout: 5000,
  ...over,
});

/** Creates a provider and an active mailbox for 127.0.0.1:port; returns the mailbox id. */
export async function activeMailboxFor(
  app: FastifyInstance,
  token: string,
  port: number,
  over: Partial<MailboxFormInput> = {},
): Promise<number> {
  const provider = await call(app, {
    method: 'POST',
    url: '/api/providers/create',
    token,
    payload: providerBody({ port }),
  });
  if (provider.statusCode !== 201) throw new Error(`provider: ${provider.body}`);
  const mailbox = await call(app, {
    method: 'POST',
    url: '/api/mailboxes/create',
    token,
    payload: {
      providerId: provider.json().id,
      type: 'DEV',
      host: '127.0.0.1',
      port,
      username: 'contact@company.example',
      active: true,
      connectionTimeout: 2000,
      timeout: 2000,
      writeTimeout: 2000,
      ...over,
    },
  });
  if (mailbox.statusCode !== 201) throw new Error(`mailbox: ${mailbox.body}`);
  return mailbox.json().id;
}

/**
 * A port nothing listens on right now (the system's choice, released again): for an SMTP peer
 * that must be on a port the app allows before the peer starts (SMTP_ALLOWED_PORTS), or for a
 * connection that must be refused.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
