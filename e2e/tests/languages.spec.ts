import fr from '@app/shared/messages/translations/fr';
import nl from '@app/shared/messages/translations/nl';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { test, expect, gotoReady } from '../fixtures';

test.describe('languages', () => {
  test('the language switcher is a list of links reached by keyboard, leading to the same page', async ({ page }) => {
    await gotoReady(page, '/about');
    const switcher = page.getByRole('list', { name: 'Language' });
    const english = switcher.getByRole('link', { name: 'English' });
    await expect(english).toHaveAttribute('aria-current', 'page');
    const dutch = switcher.getByRole('link', { name: 'Nederlands' });
    await expect(dutch).toHaveAttribute('hreflang', 'nl-BE');
    await expect(dutch).toHaveAttribute('lang', 'nl-BE');
    // Tab until the Dutch link has focus, then follow it with Enter.
    for (let i = 0; i < 40 && !(await dutch.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(dutch).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/nl\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl-BE');
    await expect(page.getByRole('navigation', { name: nl.site.navMain })).toBeVisible();
    await expect(
      page.getByRole('list', { name: nl.site.languageNav }).getByRole('link', { name: 'Nederlands' }),
    ).toHaveAttribute('aria-current', 'page');
    // Links inside a Dutch page stay Dutch.
    await page.getByRole('contentinfo').getByRole('link', { name: nl.site.navPosts }).click();
    await expect(page).toHaveURL(/\/nl\/post$/);
    await expect(page.getByRole('heading', { level: 1, name: nl.site.postsHeading })).toBeVisible();
  });

  test('the French contact form shows its messages and the captcha in French', async ({ page }) => {
    await gotoReady(page, '/fr#contact');
    const form = page.getByRole('form', { name: fr.site.contactForm });
    const name = form.getByLabel(new RegExp(`^${fr.site.fullName}`));
    await expect(name).toBeVisible();
    await name.focus();
    await name.blur();
    await expect(name).toHaveAccessibleDescription(fr.contact.nameRequired);
    const email = form.getByLabel(new RegExp(`^${fr.site.email}`));
    await email.fill('pas-une-adresse');
    await email.blur();
    await expect(email).toHaveAccessibleDescription(fr.contact.emailInvalidContact);
    await expect(form.getByRole('checkbox', { name: fr.site.captchaLabel })).toBeVisible();
  });
});

test.describe('the offer of the browser’s language', () => {
  test.use({ locale: 'nl-BE' });

  test('offers Dutch once on an English page, without a redirect, and remembers the answer', async ({ page }) => {
    await gotoReady(page, '/vision');
    await expect(page).toHaveURL(/\/vision$/);
    const offer = page.getByRole('complementary', { name: 'Nederlands' });
    await expect(offer).toContainText(nl.site.offerText);
    await expect(offer).toHaveAttribute('lang', 'nl-BE');
    await offer.getByRole('button', { name: nl.site.offerDismiss }).click();
    await expect(offer).toBeHidden();
    await gotoReady(page, '/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Given the time to appear, it does not: the dismissal is remembered.
    await page.waitForFunction(() => localStorage.getItem('language-offer') === 'nl:dismissed');
    await expect(page.getByRole('complementary', { name: 'Nederlands' })).toHaveCount(0);
  });

  test('the English sign-in asks the API in English, not in the browser’s Dutch', async ({
    page,
    allowConsoleErrors,
  }) => {
    // The made-up account's sign-in is refused: the browser logs the 401.
    allowConsoleErrors(/401/);
    await gotoReady(page, '/login');
    await page.getByLabel('Username').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/login') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Login' }).click();
    expect((await sent).headers()['accept-language']).toBe('en');
    // The refusal in English, once the answer is in (the test ends with the page settled).
    await expect(page.getByText(STAFF_MSG.loginFailed)).toBeVisible();
  });

  test('accepting leads to the same page in Dutch, and is remembered', async ({ page }) => {
    await gotoReady(page, '/vision');
    const offer = page.getByRole('complementary', { name: 'Nederlands' });
    await offer.getByRole('link', { name: nl.site.offerAccept }).click();
    await expect(page).toHaveURL(/\/nl\/vision$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl-BE');
    expect(await page.evaluate(() => localStorage.getItem('language-offer'))).toBe('nl:accepted');
  });
});
