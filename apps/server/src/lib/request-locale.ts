import type { FastifyRequest } from 'fastify';
import { negotiateLocale, type Locale } from '@app/shared/locales';

/**
 * The site language a request asks for: its `Accept-Language` when that names one of the site's
 * languages, else English (decision 0144). The site's pages send their own language in that
 * header, so a French page gets French answers whatever the browser prefers. A contact message
 * records this as its `language`.
 */
export const requestLocale = (req: Pick<FastifyRequest, 'headers'>): Locale =>
  negotiateLocale(req.headers['accept-language']);
