import { test, expect, gotoReady, unique } from '../fixtures';

test.describe('publishing posts', () => {
  test('Markdown shows as formatted text, raw HTML never runs, and /post/{id} moves to its readable URL', async ({
    page,
    adminApi,
  }) => {
    const post = await adminApi.createPost({
      name: `Markdown Été ${unique()}`,
      content:
        'Some **bold words** here.\n\n| Col | Val |\n|---|---|\n| a | 1 |\n\n<img src=x onerror="window.__xss=1">',
    });
    expect(post.slug).toMatch(/^markdown-ete-/);
    const res = await page.goto(`/post/${post.id}`);
    expect(res?.request().redirectedFrom()?.url()).toContain(`/post/${post.id}`);
    await expect(page).toHaveURL(new RegExp(`/post/${post.id}/${post.slug}$`));
    await expect(page.locator('strong', { hasText: 'bold words' })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Val');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/post/${post.id}/${post.slug}$`),
    );

    await page.goto(`/post/${post.id}/an-old-slug`);
    await expect(page).toHaveURL(new RegExp(`/post/${post.id}/${post.slug}$`));
  });

  test('a draft is a 404 and missing from the list; a tag chip opens the tag page', async ({
    page,
    adminApi,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/404/);
    const tag = `Tag${unique()}`;
    const draft = await adminApi.createPost({ name: `Draft ${unique()}`, status: 'draft', tags: [tag] });
    const live = await adminApi.createPost({ name: `Live ${unique()}`, tags: [tag] });
    const res = await page.goto(`/post/${draft.id}/${draft.slug}`);
    expect(res?.status()).toBe(404);

    await gotoReady(page, `/post/${live.id}/${live.slug}`);
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: tag }).click();
    await expect(page).toHaveURL(new RegExp(`/tag/${tag}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Posts tagged ${tag}`);
    await expect(page.getByRole('heading', { name: live.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: draft.name })).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(`Posts tagged ${tag}`));
  });

  test('search ignores accents, marks the matches, has an empty state and is not indexed', async ({
    page,
    adminApi,
  }) => {
    const word = `zoekterm${unique()}`;
    const post = await adminApi.createPost({
      name: `Searchable ${unique()}`,
      content: `Une Évaluation et ${word} ici.`,
    });
    await gotoReady(page, '/post');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(`evaluation ${word}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/post\?q=/);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: post.name }) });
    await expect(card.locator('mark', { hasText: 'Évaluation' })).toBeVisible();
    // A shared search URL, loaded as a crawler would.
    await gotoReady(page, page.url());
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await gotoReady(page, '/post?q=nothingwillmatchthis');
    await expect(page.getByText(/No posts match “nothingwillmatchthis”/)).toBeVisible();
  });

  test('the list shows 10 posts a page with numbered links', async ({ page, adminApi }) => {
    for (let i = 0; i < 11; i++) await adminApi.createPost({ name: `Paging ${i} ${unique()}` });
    await gotoReady(page, '/post');
    await expect(page.getByRole('article')).toHaveCount(10);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('link', { name: '2' })).toHaveAttribute('rel', 'next');
    await pages.getByRole('link', { name: '2' }).click();
    await expect(page).toHaveURL(/\/post\?page=2$/);
    await expect(pages.getByRole('link', { name: '1' })).toHaveAttribute('rel', 'prev');
  });
});
