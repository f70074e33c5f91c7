/**
 * Honest mail health: with no working mailbox, staff are told how many messages wait, can send one
 * now, and the notice goes once a mailbox delivers; the forgotten-password page says to ask an
 * administrator and the invite form that invitations wait. Runs after empty-states.spec.ts (same project,
 * file order), which leaves no mailbox and no provider; this file makes its own.
 */
import { expect, gotoReady, mailPeer, test, unique } from '../fixtures';
import { SMTP_PORT } from '../env';

test.use({ signedInAs: 'admin' });

test('messages waiting without a working mailbox are shown, can be sent now, and go once a mailbox works', async ({
  page,
  adminApi,
}) => {
  for (const m of await adminApi.mailboxes()) await adminApi.deleteMailbox(m.id);
  // No reset link can be mailed: the page says whom to ask; an invitation would wait, and the form says so.
  await gotoReady(page, '/forgot-password');
  await expect(
    page.getByText(
      'Password reset by e-mail is not available right now: ask an administrator to set a new password for you.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link' })).toHaveCount(0);
  await gotoReady(page, '/invite-user');
  await expect(page.getByText(/^There is no working mailbox: invitations wait in the outbox/)).toBeVisible();
  const fullName = `Stuck ${unique()}`;
  const email = `stuck.${unique()}@visitor.example`;
  await adminApi.submitContactMessage({ fullName, email, message: 'Is anyone reading this?' });
  await expect.poll(async () => (await adminApi.messages()).find((m) => m.email === email)?.lastError).toBeTruthy();

  await gotoReady(page, '/overview-mailbox');
  await expect(page.getByText(/\d+ messages? (is|are) waiting: no working mailbox/)).toBeVisible();
  await gotoReady(page, '/messages');
  await expect(page.getByText(/\d+ messages? (is|are) waiting: no working mailbox/)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: fullName });
  await row.getByRole('button', { name: `Send the message of ${fullName} now` }).click();
  await expect(page.getByText('The message is being sent now.')).toBeVisible();

  // Staff set up a mailbox at the run's SMTP peer: what waited is delivered and the notice goes.
  const provider = await adminApi.createProvider({ host: '127.0.0.1', port: SMTP_PORT });
  await adminApi.createMailbox({
    providerId: provider.id,
    type: 'DEV',
    host: '127.0.0.1',
    port: SMTP_PORT,
    username: 'contact@e2e.example',
    active: true,
    connectionTimeout: 2000,
    timeout: 2000,
    writeTimeout: 2000,
  });
  await mailPeer.waitFor(
    (mail) => mail.text.includes('Is anyone reading this?') && mail.replyTo.includes(email),
    'the waiting message',
  );
  await expect
    .poll(async () => (await adminApi.messages()).filter((m) => m.status === 'pending').length, { timeout: 20_000 })
    .toBe(0);
  await page.reload();
  await expect(row).toContainText('sent');
  await expect(page.getByText(/waiting: no working mailbox/)).toHaveCount(0);
});
