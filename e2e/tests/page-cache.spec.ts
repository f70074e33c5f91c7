import { test, expect, gotoReady } from '../fixtures';

/** Collects the page's CSP violations from its first script on (before the app's own). */
async function watchCsp(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('cached public pages', () => {
  test('hydrate from the cached copy under the hash CSP; a like leaves the page as it is and shows after a reload', async ({
    page,
    adminApi,
  }) => {
    const violations = await watchCsp(page);
    const post = await adminApi.createPost({ content: 'A post read from the page cache by every visitor.' });
    const url = `/post/${post.id}/${post.slug}`;
    const first = await gotoReady(page, url);
    expect(first!.headers()['x-cache']).toBe('miss');
    // Another test adding a post meanwhile (a parallel worker) drops every page that shows posts:
    // the next visit then fills the cache again, and the one after is a hit.
    let second = await gotoReady(page, url);
    await expect
      .poll(async () => {
        if (second!.headers()['x-cache'] !== 'hit') second = await gotoReady(page, url);
        return second!.headers()['x-cache'];
      })
      .toBe('hit');
    // The same bytes for everyone: no nonce in the page, its scripts allowed by their hashes.
    expect(second!.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(await second!.text()).not.toContain('nonce=');

    // Hydrated (the like button works) with nothing blocked; the count is read beside the page.
    const like = page.getByRole('button', { name: /Like/ });
    await expect(like.getByTestId('like-count')).toHaveText('0');
    await like.click();
    await expect(like.getByTestId('like-count')).toHaveText('1');
    expect(await violations()).toEqual([]);

    // The like did not change the cached page (the same bytes: the count is not in it), and the
    // next visitor still sees the new count.
    const after = await gotoReady(page, url);
    expect(after!.headers()['etag']).toBe(second!.headers()['etag']);
    await expect(page.getByRole('button', { name: /Like/ }).getByTestId('like-count')).toHaveText('1');
    expect(await violations()).toEqual([]);
  });

  test('keep the place of the like count until it is read: nothing moves when it comes', async ({ page, adminApi }) => {
    const post = await adminApi.createPost({ content: 'A post whose count arrives after the page.' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/posts/likes?*', async (route) => {
      await held;
      await route.continue();
    });
    await gotoReady(page, `/post/${post.id}/${post.slug}`);
    const like = page.getByRole('button', { name: /Like/ });
    const count = like.getByTestId('like-count');
    await expect(count).toHaveText('');
    const before = { button: await like.boundingBox(), count: await count.boundingBox() };
    release();
    await expect(count).toHaveText('0');
    expect({ button: await like.boundingBox(), count: await count.boundingBox() }).toEqual(before);
  });

  test('show a post change at once on the home page and the post list', async ({ page, adminApi }) => {
    await gotoReady(page, '/post');
    const post = await adminApi.createPost({ content: 'Published while the list was in the cache.' });
    await gotoReady(page, '/post');
    await expect(page.getByRole('heading', { name: post.name })).toBeVisible();
  });
});
