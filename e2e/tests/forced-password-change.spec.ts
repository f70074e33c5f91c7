import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { expect, test } from '../fixtures';

/** A port nothing listens on now (the site of this file runs beside the run's own). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/**
 * The first start of a site without ADMIN_PASSWORD: a second server of the built app, on its own
 * fresh embedded database, that generates the administrator's password, prints it and keeps it in
 * the data folder. The run's own site cannot show this: its administrator has a configured password.
 */
test.describe('the first start with a generated password', () => {
  let site: ChildProcess | undefined;
  let dataDir: string;
  let baseUrl: string;
  let printed = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-first-start-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // No ADMIN_PASSWORD at all: that is what makes the first start generate one.
    const { ADMIN_PASSWORD: _unused, ...inherited } = process.env;
    site = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      env: {
        ...inherited,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_EMAIL: 'first@e2e.example',
        SECRET_KEY: 'e2e-first-start-secret-key-long-enough-0123456789',
        SEED_DEMO: 'false',
        MAIL_WORKER: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    site.stdout!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
    site.stderr!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
    await expect
      .poll(
        () => {
          if (site!.exitCode !== null) throw new Error(`the site stopped:\n${printed}`);
          return printed;
        },
        { timeout: 150_000, message: 'the first start prints the administrator' },
      )
      .toContain('Administrator account created');
  });

  test.afterAll(async () => {
    if (site?.pid && site.exitCode === null) {
      const exited = new Promise((resolve) => site!.once('exit', resolve));
      site.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('prints the password, and the first sign-in with it asks for a new one', async ({ page }) => {
    const password = /password: (\S+)/.exec(printed)![1]!;
    expect(fs.readFileSync(path.join(dataDir, 'admin-password.txt'), 'utf8')).toContain(password);

    await page.goto(`${baseUrl}/login`);
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await page.getByLabel('Username').fill('first@e2e.example');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByText(STAFF_MSG.passwordChangeRequired)).toBeVisible();

    // Nothing else answers before the change: the dashboard's own calls are refused.
    await expect
      .poll(async () => {
        const token = await page.evaluate(() => localStorage.getItem('userToken'));
        return (
          await page.request.get(`${baseUrl}/api/users/all`, { headers: { authorization: `Bearer ${token}` } })
        ).status();
      })
      .toBe(403);

    await page.getByLabel('Current Password').fill(password);
    await page.getByLabel(/^New Password/).fill(password);
    await page.getByLabel('Confirm New Password').fill(password);
    await expect(page.getByText(STAFF_MSG.newPasswordSame)).toBeVisible();
    await page.getByLabel(/^New Password/).fill('my-own-first-password');
    await page.getByLabel('Confirm New Password').fill('my-own-first-password');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Managing the site' })).toBeVisible();
    await expect(page.getByText(STAFF_MSG.passwordChanged)).toBeVisible();

    // The next sign-in is an ordinary one.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByText(MSG.loggedOut)).toBeVisible();
    await page.goto(`${baseUrl}/login`);
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await page.getByLabel('Username').fill('first@e2e.example');
    await page.getByLabel('Password').fill('my-own-first-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
