import { ROLE_CONTRIBUTOR, ROLE_EDITOR, ROLE_RECRUITER } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { ROLES_MSG } from '@app/shared/messages/roles';
import { chooseOption, expect, gotoReady, signIn, test, unique } from '../fixtures';

/** The staff roles of decision 0145: each sees only its screens; a contributor's draft goes through an editor. */
test.describe('staff roles', () => {
  test('a contributor writes a draft and submits it for review; an editor publishes it', async ({
    page,
    adminApi,
    browser,
  }) => {
    const contributor = { email: `contributor-${unique()}@example.com`, password: 'contributor-pw' };
    const editor = { email: `editor-${unique()}@example.com`, password: 'editor-pw' };
    await adminApi.createUser(contributor.email, contributor.password, ROLE_CONTRIBUTOR);
    await adminApi.createUser(editor.email, editor.password, ROLE_EDITOR);
    const title = `Contributed ${unique()}`;

    await signIn(page, contributor.email, contributor.password);
    await expect(page).toHaveURL(/\/admin$/);
    const nav = page.getByRole('navigation', { name: 'Back office', exact: true });
    await expect(nav.getByRole('link', { name: 'Posts', exact: true })).toBeVisible();
    for (const hidden of ['User', 'Mailbox', 'Settings', 'Audit', 'Vacancies', 'Masthead'])
      await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);

    // The profile's name is the default byline of a new post.
    await nav.getByRole('link', { name: 'Profile' }).click();
    await page.getByLabel('Display name').fill('Casey Contributor');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(ROLES_MSG.profileSaved)).toBeVisible();

    await gotoReady(page, '/create-post');
    await expect(page.getByLabel('Posted By')).toHaveValue('Casey Contributor');
    await expect(page.getByLabel('Publish at (Brussels time)')).toHaveCount(0);
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Content').fill('A draft written by a contributor, for an editor to publish.');
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await expect(page.getByText(MSG.postCreated)).toBeVisible();

    await gotoReady(page, '/posts');
    const card = page.getByRole('article', { name: title });
    await expect(card.getByTestId('post-status')).toHaveText('Status: Draft');
    await card.getByRole('link', { name: 'View Post' }).click();
    await page.getByRole('button', { name: ROLES_MSG.submitForReview }).click();
    await expect(page.getByText(ROLES_MSG.postSubmittedForReview)).toBeVisible();
    await expect(page.getByTestId('post-status')).toHaveText('Status: Draft, submitted for review');

    // Screens of other roles send the contributor back to their dashboard.
    await gotoReady(page, '/overview-user');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(MSG.notAuthorized)).toBeVisible();

    const other = await browser.newContext();
    const editorPage = await other.newPage();
    await signIn(editorPage, editor.email, editor.password);
    await expect(editorPage).toHaveURL(/\/admin$/);
    const waiting = editorPage.getByRole('region', { name: ROLES_MSG.postsForReview });
    await waiting.getByRole('link', { name: title }).click();
    await editorPage.getByRole('link', { name: 'Edit Post' }).click();
    await chooseOption(editorPage.getByLabel('Status'), 'Published');
    await editorPage.getByRole('button', { name: 'Update Post' }).click();
    await expect(editorPage.getByText(MSG.postUpdated)).toBeVisible();
    await expect(editorPage.getByTestId('post-status')).toHaveCount(0);
    await gotoReady(editorPage, '/posts?status=review');
    await expect(editorPage.getByRole('article', { name: title })).toHaveCount(0);
    await other.close();

    // Published: on the public site, and no longer the contributor's to change.
    await gotoReady(page, '/post');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  });

  test('a recruiter sees the vacancies and the applications only', async ({ page, adminApi }) => {
    const recruiter = { email: `recruiter-${unique()}@example.com`, password: 'recruiter-pw' };
    await adminApi.createUser(recruiter.email, recruiter.password, ROLE_RECRUITER);
    await signIn(page, recruiter.email, recruiter.password);
    await expect(page).toHaveURL(/\/admin$/);
    const nav = page.getByRole('navigation', { name: 'Back office', exact: true });
    await expect(nav.getByRole('link', { name: 'Vacancies', exact: true })).toBeVisible();
    for (const hidden of ['Posts', 'User', 'Mailbox', 'Settings', 'Audit', 'Masthead'])
      await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Your part of the back office' })
      .getByRole('link', { name: 'Applications' })
      .click();
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Erase/ })).toHaveCount(0);
  });
});
