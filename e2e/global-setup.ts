import { SMTP_PORT } from './env';
import { startMailPeer } from './mail-peer';

/**
 * Starts the SMTP peer for the whole run (the web server is already up: Playwright starts it
 * first). The setup project then points the site's active mailbox at it through the admin API.
 * The returned function stops it when the run ends.
 */
export default async function globalSetup() {
  const peer = await startMailPeer(SMTP_PORT, SMTP_PORT + 1).catch((err: Error) => {
    throw new Error(`The e2e SMTP peer cannot listen on ${SMTP_PORT}/${SMTP_PORT + 1} (E2E_SMTP_PORT): ${err.message}`);
  });
  return () => peer.close();
}
