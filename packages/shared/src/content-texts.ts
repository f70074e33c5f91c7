import type { Locale } from './locales';
import { FEED_MSG } from './messages/feeds';
import { SITE_DEFAULT_MSG } from './messages/site-defaults';
import { VISITOR_MAIL_MSG } from './messages/visitor-mail';
import { FEED_MSG as FEED_NL } from './messages/nl/feeds';
import { SITE_DEFAULT_MSG as SITE_DEFAULT_NL } from './messages/nl/site-defaults';
import { VISITOR_MAIL_MSG as VISITOR_MAIL_NL } from './messages/nl/visitor-mail';
import { FEED_MSG as FEED_FR } from './messages/fr/feeds';
import { SITE_DEFAULT_MSG as SITE_DEFAULT_FR } from './messages/fr/site-defaults';
import { VISITOR_MAIL_MSG as VISITOR_MAIL_FR } from './messages/fr/visitor-mail';

/** A catalogue's shape with its texts widened: another language's copy has other words, the same keys. */
type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : T[K] };

/**
 * The server's texts that follow the visitor's language (decision 0155): the confirmation mail, the
 * RSS feeds and the built-in privacy and confirmation texts. Server-only: no browser bundle imports it.
 */
export const SERVER_TEXTS_BY_LOCALE: Record<
  Locale,
  {
    visitorMail: Shape<typeof VISITOR_MAIL_MSG>;
    feeds: Shape<typeof FEED_MSG>;
    siteDefaults: Shape<typeof SITE_DEFAULT_MSG>;
  }
> = {
  en: { visitorMail: VISITOR_MAIL_MSG, feeds: FEED_MSG, siteDefaults: SITE_DEFAULT_MSG },
  nl: { visitorMail: VISITOR_MAIL_NL, feeds: FEED_NL, siteDefaults: SITE_DEFAULT_NL },
  fr: { visitorMail: VISITOR_MAIL_FR, feeds: FEED_FR, siteDefaults: SITE_DEFAULT_FR },
};
