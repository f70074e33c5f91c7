/**
 * Points the site's mail at the run's SMTP peer (see mail-peer.ts) the way staff would: the seeded
 * provider and mailbox get the peer's host and port through the admin API, and the mailbox is made
 * active (it is seeded inactive: no mail catcher listens where it points). From then on
 * every contact message is delivered for real by the site's delivery worker.
 */
import { DEFAULT_PROVIDER_ID } from '@app/shared/constants';
import { AdminApi, expect, test as setup } from '../fixtures';
import { SMTP_PORT } from '../env';

setup('the active mailbox delivers to the SMTP peer', async ({ adminApi }) => {
  const peer = { host: '127.0.0.1', port: SMTP_PORT };
  const seeded = (await adminApi.mailboxes())[0];
  expect(seeded, 'the seeded demo mailbox').toBeTruthy();
  expect(seeded!.active, 'the demo mailbox is seeded inactive (nothing listens on localhost:1025)').toBe(false);
  const { id: providerId, ...provider } = await adminApi.provider(seeded!.providerId);
  await adminApi.updateProvider(providerId, { ...provider, ...peer });
  await adminApi.putMailbox(seeded!.id, {
    ...AdminApi.formOf(await adminApi.mailbox(seeded!.id)),
    ...peer,
    active: true,
  });

  // The new-mailbox screen preselects the provider with id DEFAULT_PROVIDER_ID: on the fresh
  // database of a run, the next one created. Its values differ from the first provider's so the
  // test of that screen can tell which one was chosen.
  const second = await adminApi.createProvider({
    providerName: 'E2E default provider',
    host: 'default-provider.e2e.example',
    port: 587,
    connectionTimeout: 1000,
    timeout: 2000,
    writeTimeout: 3000,
  });
  expect(second.id).toBe(DEFAULT_PROVIDER_ID);
});
