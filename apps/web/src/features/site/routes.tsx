import type { RouteObject } from 'react-router';
import { PublicLayout } from './public-layout';
import { HomePage, homeHandle, homeLoader } from '../home/home-page';

/** Public routes: rendered on the server and hydrated. */
export const publicRoutes: RouteObject[] = [
  {
    Component: PublicLayout,
    children: [{ index: true, Component: HomePage, loader: homeLoader, handle: homeHandle }],
  },
];
