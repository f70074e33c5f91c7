import type { RouteObject } from 'react-router';
import { ROUTES, type RouteNameFor } from '@app/shared/routes';
import { page, withLoader } from '../lib/lazy';
import { routePath } from '../lib/route-path';
import { publicLayoutId } from '../lib/site-settings';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/shared/locales';
import { PublicLayout, publicLayoutLoader, shouldRevalidatePublicLayout } from './public-layout';
import { PublicError } from './public-error';
import { careersHandle, homeHandle, servicesHandle } from '../features/home/home-route';
import { visionHandle } from '../features/vision/vision-route';
import { aboutHandle } from '../features/about/about-route';
import { privacyHandle } from '../features/privacy/privacy-route';
import { postHandle, postsHandle } from '../features/posts-public/posts-route';
import { vacanciesHandle, vacancyHandle } from '../features/vacancies-public/vacancies-route';
import { notFoundHandle } from '../features/not-found/not-found-route';

/**
 * The contact form, handed to the home and vacancy pages: they render it near the viewport, so it
 * stays out of the first load, and neither imports the contact feature.
 */
const loadContactForm = () => import('../features/contact/contact-form').then((m) => ({ default: m.ContactForm }));

type PublicPage = Pick<RouteObject, 'handle' | 'lazy'>;
/** The sign-in card's pages, outside the public layout (app/routes.tsx). */
export type AccountPageName = 'login' | 'forgotPassword' | 'resetPassword' | 'acceptInvitation';

/** The features' loaders, each its own chunk loaded with its page (lib/lazy.ts withLoader). */
const homeLoaders = () => import('../features/home/home-loaders');
const postsLoaders = () => import('../features/posts-public/posts-loaders');
const vacanciesLoaders = () => import('../features/vacancies-public/vacancies-loaders');

/**
 * The pages inside the public layout, one per public route of the shared table (the login page
 * and the pages that share its card are outside it). Meta (with the page's CSS modules, lib/styled-handle.ts) loads with the entry;
 * each page's component and loader are lazy chunks.
 */
const pages: Record<Exclude<RouteNameFor<'public'>, AccountPageName>, PublicPage> = {
  home: {
    handle: homeHandle,
    lazy: withLoader(
      page(() => import('../features/home/home-page'), 'HomePage', { loadContactForm }),
      () => homeLoaders().then((m) => m.homeLoader),
    ),
  },
  services: { handle: servicesHandle, lazy: page(() => import('../features/home/services-page'), 'ServicesPage') },
  careers: {
    handle: careersHandle,
    lazy: withLoader(
      page(() => import('../features/home/careers-page'), 'CareersPage'),
      () => homeLoaders().then((m) => m.careersLoader),
    ),
  },
  vision: { handle: visionHandle, lazy: page(() => import('../features/vision/vision-page'), 'VisionPage') },
  about: { handle: aboutHandle, lazy: page(() => import('../features/about/about-page'), 'AboutPage') },
  privacy: { handle: privacyHandle, lazy: page(() => import('../features/privacy/privacy-page'), 'PrivacyPage') },
  posts: {
    handle: postsHandle,
    lazy: withLoader(
      page(() => import('../features/posts-public/posts-page'), 'PostsPage'),
      () => postsLoaders().then((m) => m.postsLoader),
    ),
  },
  post: {
    handle: postHandle,
    lazy: withLoader(
      page(() => import('../features/posts-public/post-page'), 'PostPage'),
      () => postsLoaders().then((m) => m.postLoader),
      () => import('../features/posts-public/post-error').then((m) => m.PostError),
    ),
  },
  // A tag's page is the posts list narrowed to that tag.
  tag: {
    handle: postsHandle,
    lazy: withLoader(
      page(() => import('../features/posts-public/posts-page'), 'PostsPage'),
      () => postsLoaders().then((m) => m.postsLoader),
    ),
  },
  vacancies: {
    handle: vacanciesHandle,
    lazy: withLoader(
      page(() => import('../features/vacancies-public/vacancies-page'), 'VacanciesPage'),
      () => vacanciesLoaders().then((m) => m.vacanciesLoader),
    ),
  },
  // '/vacancy' shows the default vacancy; both share the loader and the page.
  defaultVacancy: {
    handle: vacancyHandle,
    lazy: withLoader(
      page(() => import('../features/vacancies-public/vacancy-page'), 'VacancyPage', { loadContactForm }),
      () => vacanciesLoaders().then((m) => m.vacancyLoader),
    ),
  },
  vacancy: {
    handle: vacancyHandle,
    lazy: withLoader(
      page(() => import('../features/vacancies-public/vacancy-page'), 'VacancyPage', { loadContactForm }),
      () => vacanciesLoaders().then((m) => m.vacancyLoader),
    ),
  },
};

/**
 * Public routes: rendered on the server and hydrated (docs/decisions/0003-rendering-model.md). One
 * tree per language of the locale table: English at today's addresses, the others under
 * `/{locale}` (decision 0144); each tree its own route objects, since React Router fills them in.
 */
export const publicRoutes: RouteObject[] = LOCALES.map((locale) => publicTree(locale));

function publicTree(locale: Locale): RouteObject {
  return {
    id: publicLayoutId(locale),
    ...(locale === DEFAULT_LOCALE ? {} : { path: locale }),
    Component: PublicLayout,
    loader: publicLayoutLoader,
    shouldRevalidate: shouldRevalidatePublicLayout,
    children: [
      {
        // Errors thrown by a page render inside the layout, with the bar and the footer.
        ErrorBoundary: PublicError,
        children: [
          ...(Object.keys(pages) as (keyof typeof pages)[]).map((name): RouteObject => ({
            ...routePath(ROUTES[name]),
            ...pages[name],
          })),
          // Any other address: the not-found page, in the site's layout like every public page.
          {
            path: '*',
            handle: notFoundHandle,
            lazy: page(() => import('../features/not-found/not-found-page'), 'NotFoundPage'),
          },
        ],
      },
    ],
  };
}
