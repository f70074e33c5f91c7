import type { RouteObject } from 'react-router';
import { ROUTES, type RouteNameFor } from '@app/shared/routes';
import { page } from '../lib/lazy';
import { routePath } from '../lib/route-path';
import { PUBLIC_LAYOUT_ID } from '../lib/site-settings';
import { PublicLayout, publicLayoutLoader, shouldRevalidatePublicLayout } from './public-layout';
import { PublicError } from './public-error';
import { careersHandle, careersLoader, homeHandle, homeLoader, servicesHandle } from '../features/home/home-route';
import { visionHandle } from '../features/vision/vision-route';
import { aboutHandle } from '../features/about/about-route';
import { privacyHandle } from '../features/privacy/privacy-route';
import { postHandle, postLoader, postsHandle, postsLoader } from '../features/posts-public/posts-route';
import { PostError } from '../features/posts-public/post-error';
import {
  vacanciesHandle,
  vacanciesLoader,
  vacancyHandle,
  vacancyLoader,
} from '../features/vacancies-public/vacancies-route';

/**
 * The contact form, handed to the home and vacancy pages: they render it near the viewport, so it
 * stays out of the first load, and neither imports the contact feature.
 */
const loadContactForm = () => import('../features/contact/contact-form').then((m) => ({ default: m.ContactForm }));

type PublicPage = Pick<RouteObject, 'loader' | 'handle' | 'lazy' | 'ErrorBoundary'>;

/**
 * The pages inside the public layout, one per public route of the shared table (the login page
 * is outside it). Loaders and meta are small and load with the entry; each page's component is its own
 * lazy chunk.
 */
const pages: Record<Exclude<RouteNameFor<'public'>, 'login'>, PublicPage> = {
  home: {
    loader: homeLoader,
    handle: homeHandle,
    lazy: page(() => import('../features/home/home-page'), 'HomePage', { loadContactForm }),
  },
  services: { handle: servicesHandle, lazy: page(() => import('../features/home/services-page'), 'ServicesPage') },
  careers: {
    loader: careersLoader,
    handle: careersHandle,
    lazy: page(() => import('../features/home/careers-page'), 'CareersPage'),
  },
  vision: { handle: visionHandle, lazy: page(() => import('../features/vision/vision-page'), 'VisionPage') },
  about: { handle: aboutHandle, lazy: page(() => import('../features/about/about-page'), 'AboutPage') },
  privacy: { handle: privacyHandle, lazy: page(() => import('../features/privacy/privacy-page'), 'PrivacyPage') },
  posts: {
    loader: postsLoader,
    handle: postsHandle,
    lazy: page(() => import('../features/posts-public/posts-page'), 'PostsPage'),
  },
  post: {
    loader: postLoader,
    handle: postHandle,
    ErrorBoundary: PostError,
    lazy: page(() => import('../features/posts-public/post-page'), 'PostPage'),
  },
  // A tag's page is the posts list narrowed to that tag.
  tag: {
    loader: postsLoader,
    handle: postsHandle,
    lazy: page(() => import('../features/posts-public/posts-page'), 'PostsPage'),
  },
  vacancies: {
    loader: vacanciesLoader,
    handle: vacanciesHandle,
    lazy: page(() => import('../features/vacancies-public/vacancies-page'), 'VacanciesPage'),
  },
  // '/vacancy' shows the default vacancy; both share the loader and the page.
  defaultVacancy: {
    loader: vacancyLoader,
    handle: vacancyHandle,
    lazy: page(() => import('../features/vacancies-public/vacancy-page'), 'VacancyPage', { loadContactForm }),
  },
  vacancy: {
    loader: vacancyLoader,
    handle: vacancyHandle,
    lazy: page(() => import('../features/vacancies-public/vacancy-page'), 'VacancyPage', { loadContactForm }),
  },
};

/** Public routes: rendered on the server and hydrated (docs/decisions/0003-rendering-model.md). */
export const publicRoutes: RouteObject[] = [
  {
    id: PUBLIC_LAYOUT_ID,
    Component: PublicLayout,
    loader: publicLayoutLoader,
    shouldRevalidate: shouldRevalidatePublicLayout,
    children: [
      {
        // Errors thrown by a page render inside the layout, with the bar and the footer.
        ErrorBoundary: PublicError,
        children: (Object.keys(pages) as (keyof typeof pages)[]).map((name): RouteObject => ({
          ...routePath(ROUTES[name]),
          ...pages[name],
        })),
      },
    ],
  },
];
