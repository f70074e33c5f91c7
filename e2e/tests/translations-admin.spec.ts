import { expect, gotoReady, test, unique } from '../fixtures';

test.use({ signedInAs: 'admin' });

/**
 * The translation editor (docs/behaviour/content-languages.md): staff translate a post with its
 * source in view, see a missing or outdated translation flagged, and publish one language alone.
 */
test.describe('translating a post side by side', () => {
  test('the Dutch version is written beside the English source, published, and read in Dutch', async ({
    page,
    adminApi,
  }) => {
    const post = await adminApi.createPost({
      name: `Working in Antwerp ${unique()}`,
      content: 'Our developers work in the centre of Antwerp, near the river.',
    });
    await gotoReady(page, '/posts?missing=nl');
    const card = page.getByRole('listitem').filter({ hasText: post.name });
    await expect(card.getByRole('group', { name: 'Translations' }).getByText('NL: missing')).toBeVisible();
    await card.getByRole('link', { name: 'Translate' }).click();
    await expect(page).toHaveURL(new RegExp(`/translate-post/${post.id}`));
    await expect(page.getByRole('heading', { name: 'Translate Post' })).toBeVisible();

    // The source beside the translation, read-only.
    await expect(page.getByLabel('Title (English)')).toHaveValue(post.name);
    await expect(page.getByLabel('Title (English)')).toHaveAttribute('readonly', '');
    await expect(page.getByText('Not translated yet: the readers of this language see the source.')).toBeVisible();

    await page.getByLabel('Title (Nederlands)').fill('Werken in Antwerpen');
    await page
      .getByLabel('Content (Nederlands)')
      .fill('Onze ontwikkelaars werken in het centrum van Antwerpen, vlak bij de Schelde.');
    await page.getByLabel('Publication').click();
    await page.getByRole('option', { name: 'Published' }).click();
    const saved = page.waitForResponse((r) => r.url().includes(`/api/posts/${post.id}/translations/nl`));
    await page.getByRole('button', { name: 'Save Nederlands' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText('The Nederlands version has been saved.')).toBeVisible();

    // Readers of Dutch get it; English is as it was; French still lacks it.
    const dutch = await (await page.request.get(`/api/posts/${post.id}?lang=nl`)).json();
    expect(dutch).toMatchObject({ name: 'Werken in Antwerpen', language: 'nl' });
    const english = await (await page.request.get(`/api/posts/${post.id}`)).json();
    expect(english).toMatchObject({ name: post.name, language: 'en' });
    await page.getByRole('tab', { name: 'Français' }).click();
    await expect(page.getByLabel('Title (Français)')).toHaveValue('');

    // Once the source changes, the Dutch version is flagged as outdated.
    await adminApi.call('PUT', `/posts/${post.id}`, 200, {
      data: { ...english, content: `${post.content} A new sentence.`, version: english.version },
    });
    await gotoReady(page, `/translate-post/${post.id}?language=nl`);
    await expect(
      page.getByText('The source changed after this translation was saved: check it against the source.'),
    ).toBeVisible();
    await expect(page.getByLabel('Title (Nederlands)')).toHaveValue('Werken in Antwerpen');
  });
});
