import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/shared/locales';
import en from '@app/shared/messages/translations/en';
import { loadTranslation } from '@app/shared/messages/translate';
import { buildLocaleSet, type LocaleSet } from '@app/shared/messages/locale-set';
import { requestLocale } from '../lib/request-locale';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every site language's catalogue (messages/locale-set.ts), for answers and mail in a language. */
    locales: LocaleSet<Locale>;
  }
}

interface MessageBody {
  message?: unknown;
  errors?: { message?: unknown }[];
}

/**
 * The API answers its messages in the request's language (docs/decisions/0152-interface-languages.md):
 * every message is written once, in English, in the catalogue (the schemas', the services', the
 * rate limit's, the error handler's), and an error answer's `message` and field `errors` are turned
 * into the language `Accept-Language` asks for on the way out, by finding the catalogue entry that
 * made each text. A text no entry made (a database constraint's, say) stays English.
 */
export const answerLanguagePlugin = fp(async (app) => {
  const locales = await buildLocaleSet(LOCALES, en, loadTranslation);
  app.decorate('locales', locales);

  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    reply.header('vary', appendVary(reply.getHeader('vary'), 'accept-language'));
    const locale = requestLocale(req);
    if (locale === DEFAULT_LOCALE) return payload;
    let body: MessageBody;
    try {
      body = JSON.parse(payload) as MessageBody;
    } catch {
      return payload;
    }
    if (!body || typeof body !== 'object') return payload;
    const t = (text: unknown) => (typeof text === 'string' ? locales.translate(locale, text) : text);
    if ('message' in body) body.message = t(body.message);
    if (Array.isArray(body.errors))
      body.errors = body.errors.map((e) => (e && typeof e === 'object' ? { ...e, message: t(e.message) } : e));
    return JSON.stringify(body);
  });
});

function appendVary(current: unknown, name: string): string {
  const list = typeof current === 'string' && current ? current.split(',').map((s) => s.trim()) : [];
  return list.some((v) => v.toLowerCase() === name) ? list.join(', ') : [...list, name].join(', ');
}
