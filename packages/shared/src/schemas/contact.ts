import { z } from 'zod';
import { CONTACT_MAX_FILE_BYTES, LIMITS, PHONE_MAX, PHONE_MIN } from '../constants';
import { MSG } from '../messages/index';
import { emailField } from './users';
import { missing, multiLineText, singleLineText } from './text';

export const PHONE_PATTERN = new RegExp(`^[0-9 +()-]{${PHONE_MIN},${PHONE_MAX}}$`);

/**
 * The contact form (landing page and vacancy pages), docs/behaviour/contact-and-applications.md. The same schema checks the
 * React form and POST /api/contact; the file and the captcha are checked apart (see below).
 */
export const contactForm = z.object({
  // Name and address reach mail headers (name, reply-to): one line, no control characters, checked
  // before trimming; a missing one gets the form's "required" message.
  fullName: singleLineText(missing(MSG.nameRequired)).pipe(
    z.string().trim().min(1, MSG.nameRequired).max(LIMITS.shortText, MSG.fullNameTooLong),
  ),
  email: singleLineText(missing(MSG.emailRequiredContact)).pipe(
    emailField(MSG.emailRequiredContact, MSG.emailInvalidContact),
  ),
  // Optional: empty is fine, anything else must look like a phone number.
  phoneNumber: singleLineText()
    .trim()
    .refine((v) => v === '' || PHONE_PATTERN.test(v), MSG.phoneInvalid),
  message: multiLineText(missing(MSG.messageRequired))
    .trim()
    .min(1, MSG.messageRequired)
    .max(LIMITS.message, MSG.messageTooLong),
});
export type ContactFormInput = z.input<typeof contactForm>;
export type ContactForm = z.output<typeof contactForm>;

export const contactFormDefaults: ContactFormInput = { fullName: '', email: '', phoneNumber: '', message: '' };

/**
 * The chosen file (docs/behaviour/contact-and-applications.md: pdf extension only, at most 2 MB); null when acceptable.
 * The form drops a file that gets a message. The server checks the bytes themselves.
 */
export function checkContactFile(file: { name: string; size: number }): string | null {
  if (!/\.pdf$/i.test(file.name)) return MSG.pdfOnly;
  if (file.size > CONTACT_MAX_FILE_BYTES) return MSG.fileTooLarge;
  return null;
}

/** Multipart field names of POST /api/contact besides the form's own fields. */
export const MAIL_FIELDS = {
  file: 'file',
  /** The ALTCHA widget's base64 payload. */
  captcha: 'altcha',
  vacancyId: 'vacancyId',
  /** Hidden from people; a bot that fills it is answered as if accepted and nothing is stored. */
  honeypot: 'website',
} as const;

/** GET /api/captcha/challenge: an ALTCHA challenge, as the widget expects it. */
export const captchaChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/** 201 of POST /api/contact (and its alias POST /api/mail). */
export const mailAccepted = z.object({ id: z.number(), message: z.string() });
export type MailAccepted = z.infer<typeof mailAccepted>;
