import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { NavBar } from '../ui/public/nav-bar';
import { Footer } from '../ui/public/footer';
import { loadSettings, type PublicLayoutData } from '../lib/site-settings';
import styles from './public-layout.module.css';

/** The company identity (name, address, phone, social page) for the bar, footer and pages. */
export async function publicLayoutLoader({ context }: LoaderFunctionArgs): Promise<PublicLayoutData> {
  return { settings: await loadSettings(context) };
}

/** Settings change rarely: read them on the first page, not again on every navigation. */
export const shouldRevalidatePublicLayout = () => false;

export function PublicLayout() {
  const { settings } = useLoaderData() as PublicLayoutData;
  return (
    <div className={styles.site}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <NavBar companyName={settings.companyName} />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer settings={settings} />
    </div>
  );
}
