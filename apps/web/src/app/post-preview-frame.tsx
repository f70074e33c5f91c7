import { useEffect, useState, type ComponentType } from 'react';
import type { Post } from '@app/shared/schemas/posts';
import { apiFetch } from '../lib/api-client';
import { FALLBACK_SETTINGS, type PublicSiteSettings } from '../lib/site-settings';
import { NavBar } from '../ui/public/nav-bar';
import { Footer } from '../ui/public/footer';
import styles from './public-layout.module.css';
import frame from './post-preview-frame.module.css';
import { API } from '@app/shared/api-paths';
import { PublicContextProvider, type PageLanguage } from '../lib/language';
import { loadPageLanguage } from '../lib/page-language';

/**
 * The public layout (bar, main, footer) around the public post component, for the back office's
 * full-page preview: the route composition hands it to the preview page, so the preview is the
 * public rendering itself rather than a copy of it.
 */
export function postPreviewFrame(Article: ComponentType<{ post: Post; preview?: boolean }>) {
  return function PostPreviewFrame({ post }: { post: Post }) {
    const [settings, setSettings] = useState<PublicSiteSettings>(FALLBACK_SETTINGS);
    // The preview shows the English site (the back office is in English).
    const [language, setLanguage] = useState<PageLanguage>();
    useEffect(() => {
      let current = true;
      void loadPageLanguage('en').then((l) => current && setLanguage(l));
      apiFetch<PublicSiteSettings>(API.settings).then(
        (s) => current && setSettings(s),
        () => undefined, // the fallback identity is good enough for a preview
      );
      return () => {
        current = false;
      };
    }, []);
    if (!language) return null;
    return (
      <PublicContextProvider value={{ ...language, settings }}>
        <div className={`${styles.site} ${frame.public}`}>
          <NavBar companyName={settings.companyName} />
          <main id="main" className={styles.main} tabIndex={-1}>
            <Article post={post} preview />
          </main>
          <Footer settings={settings} />
        </div>
      </PublicContextProvider>
    );
  };
}
