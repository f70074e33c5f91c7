import { useEffect, useState, type ComponentType } from 'react';
import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { DEFAULT_LOCALE } from '@app/shared/locales';
import { NavBar } from '../ui/public/nav-bar';
import { Footer } from '../ui/public/footer';
import { loadSettings, type PublicLayoutData } from '../lib/site-settings';
import { localeOf, PublicContextProvider } from '../lib/language';
import styles from './public-layout.module.css';

/**
 * The company identity (name, address, phone, social page) for the bar, footer and pages, and the
 * page language's interface texts (lib/language.tsx): both go into the page's data.
 */
export async function publicLayoutLoader({ context, request }: LoaderFunctionArgs): Promise<PublicLayoutData> {
  // In the browser this runs only when a visitor comes from the sign-in page or the back office
  // (the layout is not revalidated, and a change of language is a page load): the texts' loader
  // is a chunk of its own, out of the first load.
  const { loadPageLanguage } = await import('../lib/page-language');
  const [settings, language] = await Promise.all([loadSettings(context), loadPageLanguage(localeOf(request.url))]);
  return { settings, ...language };
}

/** Settings change rarely: read them on the first page, not again on every navigation. */
export const shouldRevalidatePublicLayout = () => false;

export function PublicLayout() {
  const data = useLoaderData() as PublicLayoutData;
  const t = data.texts.site;
  const Offer = useLanguageOffer(data.locale);
  return (
    <PublicContextProvider value={data}>
      <div className={styles.site}>
        <a className={styles.skip} href="#main">
          {t.skipToContent}
        </a>
        <NavBar companyName={data.settings.companyName} />
        {Offer && <Offer />}
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
        <Footer settings={data.settings} />
      </div>
    </PublicContextProvider>
  );
}

/**
 * The offer of the browser's language (ui/public/language-offer.tsx), on English pages: loaded
 * after hydration, never part of the first load, and not at all once the visitor has answered it.
 */
function useLanguageOffer(locale: string): ComponentType | undefined {
  const [Offer, setOffer] = useState<ComponentType>();
  useEffect(() => {
    if (locale !== DEFAULT_LOCALE) return;
    let live = true;
    import('../ui/public/language-offer').then(
      (m) => live && m.shouldOffer() && setOffer(() => m.LanguageOffer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return Offer;
}
