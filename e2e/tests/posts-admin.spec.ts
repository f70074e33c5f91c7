import sharp from 'sharp';
import { expect, gotoReady, test, unique } from '../fixtures';

test.use({ signedInAs: 'admin' });

/** A small solid-colour PNG, different per colour so the server stores two images. */
const png = async (name: string, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 48, height: 32, channels: 3, background } })
    .png()
    .toBuffer(),
});

test.describe('post management', () => {
  test('create a post with tags and images, then find it in the list and its view', async ({ page }) => {
    const title = `E2E post ${unique()}`;
    await gotoReady(page, '/admin');
    await page.getByRole('link', { name: 'Posts', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Managing Posts' })).toBeVisible();
    await page.getByRole('link', { name: 'New Post' }).click();
    await expect(page).toHaveURL(/\/create-post$/);

    const create = page.getByRole('button', { name: 'Create New Post' });
    await expect(create).toBeDisabled();
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Posted By/).fill('Jane Doe');
    await page.getByLabel(/^Content/).fill('First paragraph of the post.\n\nSecond paragraph.');

    const tags = page.getByRole('textbox', { name: 'Tags' });
    await tags.fill('security');
    await tags.press('Enter');
    await tags.fill('pki');
    await tags.press('Enter');
    await tags.fill('Security');
    await tags.press('Enter');
    await expect(page.getByText('Each tag can be added only once.')).toBeVisible();
    const chips = page.getByRole('list', { name: 'Selected tags' }).getByRole('listitem');
    await expect(chips).toHaveCount(2);
    // Enter added tags; it never submitted the form.
    await expect(page.getByText('Post created successfully!')).toHaveCount(0);
    await tags.fill('');

    // A chip can be removed, and added again.
    await page.getByRole('img', { name: 'Remove tag pki' }).click();
    await expect(chips).toHaveCount(1);
    await tags.fill('pki');
    await tags.press('Enter');
    await expect(chips).toHaveCount(2);

    await expect(page.getByText('No images selected yet.')).toBeVisible();
    await page
      .getByLabel('Upload Images')
      .setInputFiles([await png('red.png', '#ff0000'), await png('blue.png', '#0000ff')]);
    await expect(page.getByText(/^red\.png \(\d+\.\d{2} MB\)$/)).toBeVisible();
    await expect(page.getByText(/^blue\.png \(\d+\.\d{2} MB\)$/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of red.png' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of blue.png' })).toBeVisible();

    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('Post created successfully!')).toBeVisible();
    await expect(page.getByLabel(/^Title/)).toHaveValue('');
    await expect(page.getByText('No images selected yet.')).toBeVisible();

    await page.getByRole('link', { name: 'Back to Posts' }).click();
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText(/Posted By: Jane Doe \| Posted On: [A-Z][a-z]{2} \d{1,2}, \d{4}(?!,)/);
    await expect(card.getByText('1 / 2')).toBeVisible();
    await card.getByRole('link', { name: 'View Post' }).click();

    await expect(page).toHaveURL(/\/view-post\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Posted By: Jane Doe')).toBeVisible();
    await expect(page.getByText('Second paragraph.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['security', 'pki']);
    const carousel = page.getByRole('group', { name: `Images of ${title}` });
    // Each image by the alt text the form prefilled from its file name.
    await expect(carousel.getByRole('img', { name: 'red', exact: true })).toBeVisible();
    await carousel.getByRole('button', { name: 'Previous image' }).click();
    await expect(carousel.getByText('2 / 2')).toBeVisible();
    await expect(carousel.getByRole('img', { name: 'blue', exact: true })).toBeVisible();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect(carousel.getByText('1 / 2')).toBeVisible();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect(carousel.getByText('1 / 2')).toBeVisible();
    const img = carousel.getByRole('img');
    await expect(img).toHaveAttribute('width', '48');
    await expect(img).toHaveAttribute('height', '32');
    await expect(carousel.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /^\/images\/.+\.webp$/);
  });

  test('after a successful create the whole form starts again: no tag text or tag error, no chips, no refused files, Write', async ({
    page,
  }) => {
    await gotoReady(page, '/create-post');
    await page.getByLabel(/^Title/).fill(`Reset ${unique()}`);
    await page.getByLabel(/^Posted By/).fill('Jane Doe');
    await page.getByLabel(/^Content/).fill('A post whose form is emptied after it is created.');
    const tags = page.getByRole('textbox', { name: 'Tags' });
    await tags.fill('Testing');
    await tags.press('Enter');
    await tags.fill('Testing');
    await tags.press('Enter');
    await expect(page.getByText('Each tag can be added only once.')).toBeVisible();
    await page
      .getByLabel('Upload Images')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text') });
    const refused = page.getByRole('alert').filter({ hasText: 'notes.txt' });
    await expect(refused).toBeVisible();
    await page.getByRole('tab', { name: 'Preview' }).click();

    await page.getByRole('button', { name: 'Create New Post' }).click();
    await expect(page.getByText('Post created successfully!')).toBeVisible();
    await expect(tags).toHaveValue('');
    await expect(page.getByText('Each tag can be added only once.')).toHaveCount(0);
    await expect(tags).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByText('Type a tag and press Enter.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Selected tags' })).toHaveCount(0);
    await expect(refused).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Write' })).toHaveAttribute('aria-selected', 'true');
    for (const label of [/^Title/, /^Posted By/, /^Content/]) await expect(page.getByLabel(label)).toHaveValue('');
  });

  test('the view names an image by its own alt text, and by the title when it has none', async ({ page, adminApi }) => {
    const title = `Alt text ${unique()}`;
    const post = await adminApi.createPost({
      name: title,
      // The second image has no alt text.
      images: [{ ...(await png('green.png', '#00ff00')), alt: 'A green square' }, await png('black.png', '#000000')],
    });
    await gotoReady(page, `/view-post/${post.id}`);
    const carousel = page.getByRole('group', { name: `Images of ${title}` });
    await expect(carousel.getByRole('img', { name: 'A green square', exact: true })).toBeVisible();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect(carousel.getByRole('img', { name: `${title} (image 2 of 2)` })).toBeVisible();
  });

  test('edit a post: Update Post waits for a change, then saves and shows the post', async ({ page, adminApi }) => {
    const title = `E2E edit ${unique()}`;
    const { id } = await adminApi.createPost({
      name: title,
      tags: ['one'],
      images: [await png('a.png', '#00ff00'), await png('b.png', '#ffff00')],
    });

    await gotoReady(page, `/view-post/${id}`);
    await page.getByRole('link', { name: 'Edit Post' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-post/${id}$`));
    await expect(page.getByLabel(/^Title/)).toHaveValue(title);
    // Each chip's text ends with its delete icon's title.
    await expect(page.getByRole('list', { name: 'Selected tags' }).getByRole('listitem')).toHaveText([/^one/]);
    await expect(page.getByRole('list', { name: 'Current images' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('No images selected yet.')).toBeVisible();

    const update = page.getByRole('button', { name: 'Update Post' });
    await expect(update).toBeDisabled();
    await page.getByRole('textbox', { name: 'Tags' }).fill('two');
    await page.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await expect(update).toBeEnabled();
    await page.getByRole('img', { name: 'Remove tag two' }).click();
    await expect(update).toBeDisabled();

    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await expect(page.getByRole('list', { name: 'Current images' }).getByRole('listitem')).toHaveCount(1);
    await expect(update).toBeEnabled();
    await page.getByLabel('Upload New Images (Optional)').setInputFiles([await png('c.png', '#ff00ff')]);
    await expect(page.getByRole('img', { name: 'Preview of c.png' })).toBeVisible();
    await page.getByLabel(/^Content/).fill('The content after the edit, long enough.');
    await update.click();

    await expect(page.getByText('Post updated successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/view-post/${id}$`));
    await expect(page.getByText('The content after the edit, long enough.')).toBeVisible();
    // Image b kept, c appended: two images again, b first.
    const carousel = page.getByRole('group', { name: `Images of ${title}` });
    await expect(carousel.getByText('1 / 2')).toBeVisible();

    await page.getByRole('link', { name: 'Edit Post' }).click();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/view-post/${id}$`));
  });

  test('search by a word, ignoring case and accents; blank and empty results', async ({
    page,
    adminApi,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 400/);
    const word = `zq${unique()}`;
    const title = `Résumé ${word}`;
    await adminApi.createPost({ name: title });
    // Staff find drafts too: they search to find a post to work on.
    const draft = `Résumé draft ${word}`;
    await adminApi.createPost({ name: draft, status: 'draft' });

    await gotoReady(page, '/admin');
    await page.getByRole('link', { name: 'Search Posts' }).click();
    await expect(page).toHaveURL(/\/search-by-name$/);
    const keyword = page.getByLabel('Enter Keyword to Search');
    await keyword.fill('   ');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Please enter a keyword to search.')).toBeVisible();

    await keyword.fill(`RESUME ${word.toUpperCase()}`);
    await keyword.press('Enter');
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('No images for this post');
    await expect(page.getByRole('article', { name: draft })).toBeVisible();
    await expect(page.getByText('Nothing to see here.')).toHaveCount(0);

    await keyword.fill(`nothing-${unique()}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Nothing to see here.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('the search and the list page through their posts with controls reached by keyboard', async ({
    page,
    adminApi,
  }) => {
    // One more than a page: drafts, so that the public lists other tests read stay as they were.
    const word = `pg${unique()}`;
    for (let i = 1; i <= 21; i++) await adminApi.createPost({ name: `Paged ${word} ${i}`, status: 'draft' });

    await gotoReady(page, '/search-by-name');
    await page.getByLabel('Enter Keyword to Search').fill(word);
    await page.getByRole('button', { name: 'Search' }).click();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(20);
    await expect(page.getByText('1–20 of 21')).toBeVisible();
    const next = page.getByRole('button', { name: 'Go to next page' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('21–21 of 21')).toBeVisible();
    await expect(cards).toHaveCount(1);

    await gotoReady(page, '/posts?status=draft');
    await expect(cards).toHaveCount(20);
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/posts\?status=draft&page=2$/);
    await expect(page.getByText(/^21–\d+ of \d+$/)).toBeVisible();
  });

  test('ids that are not numbers', async ({ page }) => {
    await gotoReady(page, '/view-post/abc');
    await expect(page.getByRole('alert')).toHaveText('Invalid Post ID');
    await page.goto('/view-post');
    await expect(page.getByRole('alert')).toHaveText('Post ID not found in route.');
    await page.goto('/edit-post/abc');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Invalid post ID')).toBeVisible();
  });

  test('a post that does not exist', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    await gotoReady(page, '/edit-post/999999999');
    await expect(page.getByText('Error fetching post.')).toBeVisible();
  });

  test('the create form validates with the spec messages', async ({ page }) => {
    await gotoReady(page, '/create-post');
    const create = page.getByRole('button', { name: 'Create New Post' });
    await page.getByLabel(/^Title/).fill('Validation');
    await page.getByLabel(/^Posted By/).fill('Jane');
    await page.getByLabel(/^Content/).fill('short');
    await page.getByLabel(/^Title/).focus();
    await expect(page.getByText('Content must be at least 10 characters long.')).toBeVisible();
    await expect(page.getByText('Please fill all required fields')).toBeVisible();
    await expect(create).toBeDisabled();
    await page.getByLabel(/^Title/).fill('');
    await expect(page.getByText('Title is required.')).toBeVisible();

    // A file that is not an image is refused when chosen (see back-office-screens.spec.ts).
    await page.getByLabel(/^Title/).fill(`Not an image ${unique()}`);
    await page.getByLabel(/^Content/).fill('Long enough content here.');
    await page
      .getByLabel('Upload Images')
      .setInputFiles([{ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png') }]);
    await expect(
      page.getByRole('alert').filter({ hasText: 'fake.png: The file is not an image we can read' }),
    ).toBeVisible();
    await expect(page.getByText('No images selected yet.')).toBeVisible();
    await expect(create).toBeEnabled();
  });

  test('delete a post in place', async ({ page, adminApi }) => {
    const title = `E2E delete ${unique()}`;
    const { id } = await adminApi.createPost({ name: title });
    await gotoReady(page, '/posts');
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Delete Post' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Post deleted successfully!')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page).toHaveURL(/\/posts$/);
    expect((await adminApi.fetch('GET', `/posts/${id}`)).status()).toBe(404);
  });
});
