import { useEffect, useState } from 'react';
import { DEFAULT_LOCALE, isLocale, LOCALE_TABLE, type Locale } from '@app/shared/locales';
import { loadTranslation } from '@app/shared/messages/translate';
import { useLocale } from '../../lib/language';
import { useLanguageLinks } from '../../lib/language-links';
import styles from './language-offer.module.css';

/**
 * Where the visitor's answer to the offer is kept: in this browser only (no cookie, so no request
 * carries it and no cached page depends on it; docs/decisions/0153-language-offer.md).
 */
export const OFFER_STORAGE_KEY = 'language-offer';

interface Offer {
  locale: Locale;
  text: string;
  accept: string;
  dismiss: string;
}

/**
 * A visitor whose browser prefers another of the site's languages than the page's (English pages
 * only: a Dutch or French page was chosen) is offered it once, in that language, without a
 * redirect: pages are cached per address and crawlers must see one page per address. Accepting
 * or dismissing is remembered. Decided in the browser (navigator.languages) after hydration, so
 * the cached page is the same for everyone; the offered language's texts load only then.
 */
export function LanguageOffer() {
  const locale = useLocale();
  const links = useLanguageLinks();
  const [offer, setOffer] = useState<Offer>();

  useEffect(() => {
    if (locale !== DEFAULT_LOCALE || remembered()) return;
    const wanted = browserLocale();
    if (wanted === DEFAULT_LOCALE) return;
    let live = true;
    loadTranslation(wanted).then(
      ({ site }) =>
        live &&
        setOffer({ locale: wanted, text: site.offerText, accept: site.offerAccept, dismiss: site.offerDismiss }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);

  if (!offer) return null;
  const href = links.find((l) => l.locale === offer.locale)?.href;
  const answer = (value: string) => {
    try {
      localStorage.setItem(OFFER_STORAGE_KEY, `${offer.locale}:${value}`);
    } catch {
      // Storage refused (private mode): the offer may come again, nothing else changes.
    }
  };
  const tag = LOCALE_TABLE[offer.locale].tag;
  return (
    <aside className={styles.offer} lang={tag} aria-label={LOCALE_TABLE[offer.locale].name}>
      <p>{offer.text}</p>
      <a className={styles.accept} href={href} hrefLang={tag} onClick={() => answer('accepted')}>
        {offer.accept}
      </a>
      <button
        type="button"
        className={styles.dismiss}
        onClick={() => {
          answer('dismissed');
          setOffer(undefined);
        }}
      >
        {offer.dismiss}
      </button>
    </aside>
  );
}

/**
 * The site language the browser prefers most (English when it prefers none of them). Not
 * negotiateLocale: the browser's list is in order already, and that parser would join the first load.
 */
const browserLocale = (): Locale =>
  navigator.languages.map((tag) => tag.toLowerCase().split('-')[0]).find(isLocale) ?? DEFAULT_LOCALE;

/** Whether there is anything to offer: a language other than English, not yet answered. */
export const shouldOffer = () => !remembered() && browserLocale() !== DEFAULT_LOCALE;

function remembered(): boolean {
  try {
    return localStorage.getItem(OFFER_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
