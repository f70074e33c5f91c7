import { SITE_NAME, type RouteHandle } from '../../lib/meta';

export const loginHandle: RouteHandle = {
  meta: () => ({ title: `Login | ${SITE_NAME}`, path: '/login', noindex: true }),
};
