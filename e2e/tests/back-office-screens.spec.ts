import sharp from 'sharp';
import type { Dashboard } from '@app/shared/schemas/dashboard';
import type { Post } from '@app/shared/schemas/posts';
import { chooseOption, expect, gotoReady, type Page, test, unique } from '../fixtures';

/** Back-office additions beyond the spec: images with alt text, mailbox edit, delete dialogs, phones, the dashboard. */
test.use({ signedInAs: 'admin' });

const png = async (name: string, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer(),
});

const dialog = (page: Page) => page.getByRole('alertdialog');

test.describe('images only, with alt text asked at upload', () => {
  test('non-images are refused when chosen, named; alt text is prefilled from the file name and saved', async ({
    page,
    adminApi,
  }) => {
    const title = `Alt text ${unique()}`;
    await gotoReady(page, '/create-post');
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Posted By/).fill('Jane Doe');
    await page.getByLabel(/^Content/).fill('A post whose image has words.');

    await page
      .getByLabel('Upload Images')
      .setInputFiles([
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text') },
        { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') },
        await png('team-photo_2024.png', '#3366cc'),
      ]);
    const refused = page.getByRole('alert').filter({ hasText: 'These files were not added' });
    await expect(refused).toContainText('notes.txt: Only image files can be chosen (JPEG, PNG, WebP, GIF or AVIF).');
    await expect(refused).toContainText(
      'fake.png: The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).',
    );
    const selected = page.getByRole('list', { name: 'Selected images' }).getByRole('listitem');
    await expect(selected).toHaveCount(1);
    await expect(selected).toContainText('team-photo_2024.png');

    const alt = page.getByRole('textbox', { name: 'Alt text for team-photo_2024.png' });
    await expect(alt).toHaveValue('team photo 2024');
    await alt.fill('The team on the stairs of the office');
    await page.getByRole('textbox', { name: 'Caption for team-photo_2024.png' }).fill('Spring 2024');

    await page.getByRole('button', { name: 'Create New Post' }).click();
    await expect(page.getByText('Post created successfully!')).toBeVisible();
    const created = (await adminApi.call<{ items: Post[] }>('GET', `/posts/staff?pageSize=100`, 200)).items.find(
      (p) => p.name === title,
    )!;
    expect(created.postImages.map(({ alt, caption }) => ({ alt, caption }))).toEqual([
      { alt: 'The team on the stairs of the office', caption: 'Spring 2024' },
    ]);

    // Later, the kept image's words are editable on the edit screen.
    await gotoReady(page, `/edit-post/${created.id}`);
    const keptAlt = page.getByRole('textbox', { name: 'Alt text for image 1' });
    await expect(keptAlt).toHaveValue('The team on the stairs of the office');
    const update = page.getByRole('button', { name: 'Update Post' });
    await expect(update).toBeDisabled();
    await page.getByRole('textbox', { name: 'Caption for image 1' }).fill('Spring 2024, Antwerp');
    await expect(update).toBeEnabled();
    await update.click();
    await expect(page.getByText('Post updated successfully')).toBeVisible();
    const after = await adminApi.call<Post>('GET', `/posts/staff/${created.id}`, 200);
    expect(after.postImages[0]).toMatchObject({
      alt: 'The team on the stairs of the office',
      caption: 'Spring 2024, Antwerp',
    });
  });
});

test.describe('mailbox edit keeps saved values', () => {
  test('a custom host stays after opening the form and a plain Update; picking a provider copies its settings', async ({
    page,
    adminApi,
  }) => {
    const provider = await adminApi.createProvider({ host: `provider-${unique()}.example`, port: 2525 });
    const custom = `custom-${unique()}.example`;
    const mailbox = await adminApi.createMailbox({
      providerId: provider.id,
      type: 'DEV',
      host: custom,
      port: 2525,
      username: `box-${unique()}@example.com`,
    });

    await gotoReady(page, `/edit-mailbox/${mailbox.id}`);
    await expect(page.getByLabel(/^Host/)).toHaveValue(custom);
    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith(`/api/mailboxes/${mailbox.id}/update`),
    );
    await page.getByRole('button', { name: 'Update Mailbox' }).click();
    expect((await put).postDataJSON()).toMatchObject({ host: custom });
    await expect(page.getByText('Mailbox updated successfully!')).toBeVisible();
    expect((await adminApi.mailbox(mailbox.id)).host).toBe(custom);

    // Choosing a provider on purpose copies its settings.
    const other = await adminApi.createProvider({ host: `other-${unique()}.example`, port: 2525 });
    await gotoReady(page, `/edit-mailbox/${mailbox.id}`);
    await expect(page.getByLabel(/^Host/)).toHaveValue(custom);
    await chooseOption(page.getByLabel(/^Provider/), other.providerName);
    await expect(page.getByLabel(/^Host/)).toHaveValue(other.host);
  });
});

test.describe('delete asks first', () => {
  // Several dialogs opened and closed per test: on a loaded two-core machine 30 s is too tight.
  test.slow();
  test('post: the dialog names it, Escape and Cancel keep it, Delete removes the card in place', async ({
    page,
    adminApi,
  }) => {
    const title = `Confirm delete ${unique()}`;
    const { id } = await adminApi.createPost({ name: title });
    let deletes = 0;
    page.on('request', (r) => {
      if (r.method() === 'DELETE') deletes++;
    });
    await gotoReady(page, '/posts');
    const card = page.getByRole('article', { name: title });
    const button = card.getByRole('button', { name: 'Delete Post' });

    await button.click();
    await expect(dialog(page)).toHaveAccessibleName('Delete post?');
    await expect(dialog(page)).toContainText(`"${title}" will be deleted for good. This cannot be undone.`);
    // Focus starts on the safe choice.
    await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(button).toBeFocused();

    await button.click();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(card).toBeVisible();
    expect(deletes).toBe(0);

    await button.click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Post deleted successfully!')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(deletes).toBe(1);
    expect((await adminApi.fetch('GET', `/posts/${id}`)).status()).toBe(404);
  });

  test('vacancy, user, mailbox and provider: the dialog names the item, and only Delete deletes', async ({
    page,
    adminApi,
  }) => {
    const vacancy = await adminApi.createVacancy({ title: `Confirm vacancy ${unique()}` });
    const email = `confirm-${unique()}@example.com`;
    await adminApi.createUser(email, 'a-long-password-1');
    const provider = await adminApi.createProvider();
    const mailboxProvider = await adminApi.createProvider();
    const username = `confirm-${unique()}@example.com`;
    await adminApi.createMailbox({
      providerId: mailboxProvider.id,
      type: 'DEV',
      host: '127.0.0.1',
      port: 2525,
      username,
    });

    const cases = [
      {
        url: '/overview-vacancies',
        name: vacancy.title,
        button: 'Delete Vacancy',
        title: 'Delete vacancy?',
        done: 'Vacancy deleted successfully!',
      },
      {
        url: '/overview-user',
        name: email,
        button: 'Delete',
        title: 'Delete user?',
        done: 'User deleted successfully',
      },
      {
        url: '/overview-mailbox',
        name: username,
        button: 'Delete',
        title: 'Delete mailbox?',
        done: 'Mailbox deleted successfully!',
      },
      {
        url: '/overview-provider',
        name: provider.providerName,
        button: 'Delete Provider',
        title: 'Delete provider?',
        done: 'Provider deleted successfully!',
      },
    ];
    for (const c of cases) {
      await gotoReady(page, c.url);
      const item = page.getByRole('listitem').filter({ hasText: c.name });
      // These lists are oldest first and paged: what this test made is on the last page.
      await expect(page.getByRole('listitem').first()).toBeVisible();
      const lastPage = page.getByRole('button', { name: 'Go to last page' });
      if ((await lastPage.count()) && (await lastPage.isEnabled())) await lastPage.click();
      await item.getByRole('button', { name: c.button, exact: true }).click();
      await expect(dialog(page)).toHaveAccessibleName(c.title);
      await expect(dialog(page)).toContainText(`"${c.name}" will be deleted for good.`);
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toHaveCount(0);
      await expect(item).toHaveCount(1);
      await item.getByRole('button', { name: c.button, exact: true }).click();
      await dialog(page).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText(c.done)).toBeVisible();
      await expect(item).toHaveCount(0);
    }
  });
});

test.describe('the back office on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the toolbar is one row with the actions in a menu', async ({ page }) => {
    await gotoReady(page, '/admin');
    const bar = page.getByRole('banner');
    await expect(page.getByRole('heading', { name: 'Managing the site' })).toBeVisible();
    const box = (await bar.boundingBox())!;
    // One row: MUI's toolbar height plus its padding, well under a tenth of the screen.
    expect(box.height).toBeLessThan(84);
    await expect(bar.getByRole('link', { name: 'Posts' })).toBeHidden();
    await bar.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Posts',
      'Masthead',
      'Intro',
      'Vacancies',
      'Candidates',
      'Search Posts',
      'Mailbox',
      'User',
      'Settings',
      'Audit',
      'My interviews',
      'Profile',
      'Account security',
      'Log Out',
    ]);
    await menu.getByRole('menuitem', { name: 'Vacancies' }).click();
    await expect(page).toHaveURL(/\/overview-vacancies$/);
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('messages are cards and the mail log says it scrolls sideways; nothing is wider than the screen', async ({
    page,
    adminApi,
  }) => {
    const email = `a.very.long.address.for.a.phone-${unique()}@subdomain.example-company.com`;
    await adminApi.submitContactMessage({ fullName: 'Phone Reader', email, message: 'Can you read this on a phone?' });
    await gotoReady(page, '/messages');
    const cardOf = page.getByRole('listitem', { name: 'Message of Phone Reader' }).filter({ hasText: email });
    await expect(cardOf).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const wider = () =>
      page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(await wider()).toBe(false);

    await gotoReady(page, '/mail-log');
    await expect(page.getByText('Scroll the table sideways to see every column.')).toBeVisible();
    expect(await wider()).toBe(false);
  });
});

test.describe('the dashboard', () => {
  test('keeps the spec texts and shows messages, the mailbox, counts and the newest messages', async ({
    page,
    adminApi,
  }) => {
    const name = `Dashboard visitor ${unique()}`;
    await adminApi.submitContactMessage({
      fullName: name,
      email: `dash-${unique()}@example.com`,
      message: 'Hello dashboard',
    });
    const figures = await adminApi.call<Dashboard>('GET', '/dashboard', 200);

    await gotoReady(page, '/admin');
    await expect(page.getByRole('heading', { name: 'Managing the site' })).toBeVisible();
    await expect(
      page.getByText('Only authorized persons may enter this part of the site. Every action is logged.'),
    ).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()} Redwall. All rights reserved.`)).toBeVisible();

    const content = page.getByRole('region', { name: 'Content' });
    await expect(content.getByRole('link', { name: /posts?$/ })).toHaveText(new RegExp(`^${figures.counts.posts} `));
    await expect(content.getByRole('link', { name: /vacanc/ })).toHaveText(new RegExp(`^${figures.counts.vacancies} `));
    await expect(content.getByRole('link', { name: /users?$/ })).toHaveText(new RegExp(`^${figures.counts.users} `));

    const mailbox = page.getByRole('region', { name: 'Mailbox' });
    await expect(mailbox).toContainText(`Active: ${figures.activeMailbox!.name}`);
    await expect(mailbox).toContainText(/Last delivery: |No delivery has been tried yet/);

    const messages = page.getByRole('region', { name: 'Messages' });
    await expect(messages.getByRole('link', { name: /waiting$/ })).toHaveAttribute('href', '/messages');
    await expect(messages.getByRole('link', { name: /failed$/ })).toBeVisible();

    const latest = page.getByRole('region', { name: 'Latest messages' });
    await expect(latest.getByRole('listitem')).toHaveCount(figures.latestMessages.length);
    expect(figures.latestMessages.length).toBeLessThanOrEqual(5);
    await expect(latest.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    await latest.getByRole('link', { name: 'All messages' }).click();
    await expect(page).toHaveURL(/\/messages$/);
  });
});
