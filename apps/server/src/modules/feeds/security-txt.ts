import type { LegalEntity } from '../../db/schema/content';

/** How long a served security.txt says it holds (RFC 9116 §2.5.5 asks for less than a year). */
export const SECURITY_TXT_VALID_DAYS = 180;

/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability. The contact is the
 * consultancy's e-mail address from the site settings (the first legal entity with one), so the
 * file follows the settings; undefined when no address is set (Contact is required).
 */
export function securityTxt(entities: readonly LegalEntity[], publicUrl: string, now = new Date()): string | undefined {
  const email = entities.map((e) => e.email.trim()).find(Boolean);
  if (!email) return undefined;
  const expires = new Date(now.getTime() + SECURITY_TXT_VALID_DAYS * 24 * 60 * 60 * 1000);
  // Whole seconds: RFC 9116's example and most checkers write the time without milliseconds.
  expires.setUTCMilliseconds(0);
  return [
    `Contact: mailto:${email}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    `Canonical: ${publicUrl}/.well-known/security.txt`,
    'Preferred-Languages: en',
    '',
  ].join('\n');
}
