import type { Locale } from '@app/shared/locales';
import { loadTranslation, pageTexts } from '@app/shared/messages/translate';
import type { PageLanguage } from './language';

/** A language's page texts: for the server render, and for the back office's post preview. */
export async function loadPageLanguage(locale: Locale): Promise<PageLanguage> {
  return { locale, texts: pageTexts(await loadTranslation(locale)) };
}
