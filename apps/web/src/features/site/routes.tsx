import type { RouteObject } from 'react-router';
import { page } from '../../app/lazy';
import { PUBLIC_LAYOUT_ID } from '../../ui/public/site-settings';
import { PublicLayout, publicLayoutLoader, shouldRevalidatePublicLayout } from './public-layout';
import { PublicError } from './public-error';
import { careersHandle, homeHandle, homeLoader, servicesHandle } from '../home/home-route';
import { visionHandle } from '../vision/vision-route';
import { aboutHandle } from '../about/about-route';
import { postHandle, postLoader, postsHandle, postsLoader } from '../posts-public/posts-route';
import { PostError } from '../posts-public/post-error';
import { vacanciesHandle, vacanciesLoader, vacancyHandle, vacancyLoader } from '../vacancies-public/vacancies-route';

/**
 * Public routes: rendered on the server and hydrated. Loaders and meta are small and load with the
 * entry; each page's component is its own lazy chunk (listed in scripts/public-routes.json).
 */
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
        children: [
          {
            index: true,
            loader: homeLoader,
            handle: homeHandle,
            lazy: page(() => import('../home/home-page'), 'HomePage'),
          },
          {
            path: 'services',
            handle: servicesHandle,
            lazy: page(() => import('../home/services-page'), 'ServicesPage'),
          },
          { path: 'careers', handle: careersHandle, lazy: page(() => import('../home/careers-page'), 'CareersPage') },
          { path: 'vision', handle: visionHandle, lazy: page(() => import('../vision/vision-page'), 'VisionPage') },
          { path: 'about', handle: aboutHandle, lazy: page(() => import('../about/about-page'), 'AboutPage') },
          {
            path: 'post',
            loader: postsLoader,
            handle: postsHandle,
            lazy: page(() => import('../posts-public/posts-page'), 'PostsPage'),
          },
          {
            path: 'post/:id',
            loader: postLoader,
            handle: postHandle,
            ErrorBoundary: PostError,
            lazy: page(() => import('../posts-public/post-page'), 'PostPage'),
          },
          {
            path: 'vacatures',
            loader: vacanciesLoader,
            handle: vacanciesHandle,
            lazy: page(() => import('../vacancies-public/vacancies-page'), 'VacanciesPage'),
          },
          // '/vacancy' shows the default vacancy (id 1); both share the loader and the page.
          {
            path: 'vacancy',
            loader: vacancyLoader,
            handle: vacancyHandle,
            lazy: page(() => import('../vacancies-public/vacancy-page'), 'VacancyPage'),
          },
          {
            path: 'vacancy/:vacancyId',
            loader: vacancyLoader,
            handle: vacancyHandle,
            lazy: page(() => import('../vacancies-public/vacancy-page'), 'VacancyPage'),
          },
        ],
      },
    ],
  },
];
