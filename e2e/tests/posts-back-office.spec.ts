import type { Post } from '@app/shared/schemas/posts';
import { ROLE_ADMIN } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { chooseOption, expect, gotoReady, test, unique } from '../fixtures';

const card = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });

test.describe('posts back office', () => {
  test.use({ signedInAs: 'admin' });

  test('the list filters by status, and the filter is in the URL', async ({ page, adminApi }) => {
    const u = unique();
    const draft = await adminApi.createPost({ name: `Filter draft ${u}`, status: 'draft' });
    const scheduled = await adminApi.createPost({
      name: `Filter scheduled ${u}`,
      publishAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    const live = await adminApi.createPost({ name: `Filter live ${u}` });
    await gotoReady(page, '/posts');
    for (const p of [draft, scheduled, live]) await expect(card(page, p.name)).toBeVisible();

    const pick = async (label: string) => {
      await chooseOption(page.getByRole('combobox', { name: 'Status' }), label);
    };
    await pick('Draft');
    await expect(page).toHaveURL(/\/posts\?status=draft$/);
    await expect(card(page, draft.name)).toBeVisible();
    await expect(card(page, draft.name).getByTestId('post-status')).toHaveText('Status: Draft');
    await expect(card(page, live.name)).toHaveCount(0);
    await expect(card(page, scheduled.name)).toHaveCount(0);

    await pick('Scheduled');
    await expect(card(page, scheduled.name)).toBeVisible();
    await expect(card(page, draft.name)).toHaveCount(0);
    await expect(card(page, live.name)).toHaveCount(0);

    await pick('Published');
    await expect(card(page, live.name)).toBeVisible();
    await expect(card(page, scheduled.name)).toHaveCount(0);

    // A shared link opens the same filter.
    await gotoReady(page, '/posts?status=draft');
    await expect(page.getByLabel('Status')).toHaveText('Draft');
    await expect(card(page, draft.name)).toBeVisible();
    await expect(card(page, live.name)).toHaveCount(0);
    await pick('All');
    await expect(page).toHaveURL(/\/posts$/);
    await expect(card(page, live.name)).toBeVisible();
  });

  test.describe('with the browser in New York', () => {
    test.use({ timezoneId: 'America/New_York' });

    test('Publish at shows and takes Brussels time', async ({ page, adminApi }) => {
      // 08:00 UTC in January is 09:00 in Brussels (CET) and 03:00 in New York.
      const post = await adminApi.createPost({ name: `Brussels ${unique()}`, publishAt: '2031-01-15T08:00:00.000Z' });
      await gotoReady(page, `/edit-post/${post.id}`);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
      const field = page.getByLabel('Publish at (Brussels time)');
      await expect(field).toHaveValue('2031-01-15T09:00');
      // 09:30 on a summer day in Brussels (CEST, UTC+2) is 07:30 UTC.
      await field.fill('2031-06-01T09:30');
      await page.getByRole('button', { name: 'Update Post' }).click();
      await expect(page).toHaveURL(new RegExp(`/view-post/${post.id}$`));
      const saved = await adminApi.call<Post>('GET', `/posts/staff/${post.id}`, 200);
      expect(saved.publishAt).toBe('2031-06-01T07:30:00.000Z');
      await gotoReady(page, `/edit-post/${post.id}`);
      await expect(page.getByLabel('Publish at (Brussels time)')).toHaveValue('2031-06-01T09:30');
    });
  });

  test('a draft opens in a full-page preview as the public page will show it, marked as a preview and never cached', async ({
    page,
    adminApi,
  }) => {
    const draft = await adminApi.createPost({
      name: `Preview draft ${unique()}`,
      status: 'draft',
      content: 'Some **strong words** in the draft.',
      tags: ['Preview'],
    });
    await gotoReady(page, `/view-post/${draft.id}`);
    const staffRead = page.waitForResponse((r) => r.url().endsWith(`/api/posts/staff/${draft.id}`));
    await page.getByRole('link', { name: 'Preview' }).click();
    await expect(page).toHaveURL(new RegExp(`/preview-post/${draft.id}$`));
    expect((await staffRead).headers()['cache-control']).toBe('private, no-store');

    const bar = page.getByRole('complementary', { name: 'Preview' });
    await expect(bar).toContainText(
      'Preview: this is how the post will look on the public site. This draft is not public.',
    );
    // The public page's own parts: site navigation, back link, title, Markdown, tag links, footer.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(draft.name);
    await expect(page.getByRole('link', { name: '← Back to Overview' })).toHaveAttribute('href', '/post');
    await expect(page.locator('strong', { hasText: 'strong words' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      '/tag/Preview',
    );
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('button', { name: /Like/ })).toHaveCount(0);
    await expect(page).toHaveTitle(`Preview: ${draft.name} · Redwall back office`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    // The public URL of the same draft is still a 404.
    expect((await page.request.get(`/post/${draft.id}/${draft.slug}`)).status()).toBe(404);

    await bar.getByRole('link', { name: 'Edit Post' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-post/${draft.id}$`));
  });
});

test.describe('the preview without the posts role', () => {
  test('a visitor is sent to sign in', async ({ page, adminApi, allowConsoleErrors }) => {
    allowConsoleErrors(/Access denied/);
    const draft = await adminApi.createPost({ name: `Hidden draft ${unique()}`, status: 'draft' });
    await page.goto(`/preview-post/${draft.id}`);
    await expect(page).toHaveURL(/\/login\?returnUrl=/);
    await expect(page.getByText(draft.name)).toHaveCount(0);
  });

  test.describe('signed in as a ROLE_USER', () => {
    test.use({ signedInAs: 'user' });

    test('is refused', async ({ page, adminApi }) => {
      const draft = await adminApi.createPost({ name: `Hidden draft ${unique()}`, status: 'draft' });
      await page.goto(`/preview-post/${draft.id}`);
      await expect(page).toHaveURL(/\/personel$/);
      await expect(page.getByText(MSG.notAuthorized)).toBeVisible();
      await expect(page.getByText(draft.name)).toHaveCount(0);
      const api = await page.request.get(`/api/posts/staff/${draft.id}`);
      expect(api.status(), `only ${ROLE_ADMIN} reads drafts`).toBe(401);
    });
  });
});
