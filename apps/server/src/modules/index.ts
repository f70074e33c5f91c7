import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config';
import { postsRoutes } from './posts/routes';
import { imagesRoot } from './images/routes';
import { contentRoutes } from './content/routes';
import { vacanciesRoutes } from './vacancies/routes';
import { feedsRoot } from './feeds/routes';
import { captchaRoutes } from './captcha/routes';
import { contactRoutes } from './contact';
import { mailSettingsRoutes } from './mail-settings';
import { mailDelivery } from './outbox';
import { staffMessagesRoutes } from './staff-messages';
import { dashboardRoutes } from './dashboard/routes';
import { auditRoutes } from './audit/routes';

/**
 * Feature modules register here, one line each, so that features can be added without touching
 * app.ts. Health, auth, account, users and user sessions are the exception: app.ts mounts them
 * itself (auth, account and user sessions take the sign-in counters it builds). `routes` (optional) is mounted under /api; `root` (optional) at the site root (pages, images, feeds).
 */
export interface ApiModule {
  name: string;
  routes?: FastifyPluginAsync<{ config: AppConfig }>;
  root?: FastifyPluginAsync<{ config: AppConfig }>;
}

export const apiModules: ApiModule[] = [
  { name: 'posts', routes: postsRoutes },
  { name: 'images', root: imagesRoot },
  { name: 'content', routes: contentRoutes },
  { name: 'vacancies', routes: vacanciesRoutes },
  { name: 'feeds', root: feedsRoot },
  { name: 'captcha', routes: captchaRoutes },
  { name: 'contact', routes: contactRoutes },
  { name: 'mail-settings', routes: mailSettingsRoutes(mailDelivery) },
  { name: 'staff-messages', routes: staffMessagesRoutes },
  { name: 'dashboard', routes: dashboardRoutes },
  { name: 'audit', routes: auditRoutes },
];
