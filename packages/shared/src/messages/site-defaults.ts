import type { Catalogue } from './catalogue';

/**
 * Texts a new site starts with until staff change them in the settings (the database's column
 * defaults; migrations 0005 and 0007 have the same texts). The server and the settings screen use them.
 */
export const SITE_DEFAULT_MSG = {
  /**
   * The privacy page's text; '{days}' shows the retention period of messages, '{months}' the one of
   * candidates (CANDIDATE_RETENTION_MONTHS; retention-periods.ts: privacyTextFor). Migration 0018 has this text.
   */
  privacyTextDefault:
    'We use the details you send through the contact form (name, e-mail address, phone number, message and CV) only to answer you or to consider your application. Staff of the company read them; nobody else does. Your message and its attachment are erased {days} days after they were received. An application for a position, with our notes and the interviews about it, is erased {months} months after we tell you our decision or after the vacancy closes. If you agree that we keep it for future vacancies, we keep it until 24 months after your last application. If we hire you, it becomes part of your staff file. To see, export or erase what we hold about you, write to us at the address on this site.',
  /** The confirmation a visitor receives after a message is stored. */
  confirmationTextDefault:
    'Thank you for your message. We have received it and will get back to you as soon as possible.',
} as const satisfies Catalogue;
