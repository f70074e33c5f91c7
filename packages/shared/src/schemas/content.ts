import { z } from 'zod';
import { localeField } from './translations';
import { LIMITS, PHONE_MAX, PHONE_MIN, PRIVACY_TEXT_MAX, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '../constants';
import { MSG, tooLong } from '../messages/index';
import { FIELD_NAME_MSG } from '../messages/field-names';
import { STAFF_MSG } from '../messages/staff';
import { emailField } from './users';
import { missing, multiLineText, singleLineText } from './text';

/** A page text: may be empty (an empty intro or masthead is simply not shown), bounded in length. */
const pageText = (label: string, max: number = LIMITS.pageText) => multiLineText().trim().max(max, tooLong(label, max));
/** A title of a page: one line. */
const pageTitle = (label: string, max: number = LIMITS.title) => singleLineText().trim().max(max, tooLong(label, max));
/** A required one-line field of the settings (names, addresses, numbers). */
const required = (label: string, message: string, max: number = LIMITS.shortText) =>
  singleLineText(missing(message)).trim().min(1, message).max(max, tooLong(label, max));

/** Digits, spaces, plus, hyphen and parentheses, 7 to 20 characters (the contact form's rule). */
const phone = singleLineText()
  .trim()
  .min(1, MSG.phoneRequired)
  .regex(new RegExp(`^[0-9 +()-]{${PHONE_MIN},${PHONE_MAX}}$`), MSG.phoneInvalid);

const webAddress = singleLineText()
  .trim()
  .max(LIMITS.url, tooLong(FIELD_NAME_MSG.fieldWebAddress, LIMITS.url))
  .refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, MSG.urlInvalid);

// ---------------------------------------------------------------- intro and masthead

/** The admin intro form and the body of PUT /api/intro (docs/behaviour/page-texts-and-settings.md: title, history, body). */
export const introForm = z.strictObject({
  title: pageTitle(FIELD_NAME_MSG.fieldTitle),
  history: pageText(FIELD_NAME_MSG.fieldHistory),
  body: pageText(FIELD_NAME_MSG.fieldBody),
});
export type IntroForm = z.input<typeof introForm>;
export type Intro = z.output<typeof introForm>;

/**
 * GET /api/intro: the intro, or `{}` when nothing is stored or every field is empty, so that the
 * page "shows nothing if the response is empty" with a plain 200 JSON answer.
 */
export const introSchema = z.object({
  title: z.string(),
  history: z.string(),
  body: z.string(),
  /** GET with `?lang=`: the language of these texts (the one asked for, else English: decision 0155). */
  language: localeField.optional(),
});
export const introResponse = z.union([introSchema, z.strictObject({})]);
export type IntroResponse = z.infer<typeof introResponse>;

/** The admin masthead form and the body of PUT /api/masthead. */
export const mastheadForm = z.strictObject({
  mastheadTitle: pageTitle(FIELD_NAME_MSG.fieldMastheadTitle),
  mastheadBody: pageText(FIELD_NAME_MSG.fieldMastheadBody),
});
export type MastheadForm = z.input<typeof mastheadForm>;
export type Masthead = z.output<typeof mastheadForm>;

/** GET /api/masthead: the masthead, or `{}` when it is empty (see introResponse). */
export const mastheadSchema = z.object({
  mastheadTitle: z.string(),
  mastheadBody: z.string(),
  /** GET with `?lang=`: the language of these texts (see introSchema). */
  language: localeField.optional(),
});
export const mastheadResponse = z.union([mastheadSchema, z.strictObject({})]);
export type MastheadResponse = z.infer<typeof mastheadResponse>;

// ---------------------------------------------------------------- site settings

/** One legal entity of the About page (docs/behaviour/page-texts-and-settings.md): every field is shown there. */
export const legalEntityForm = z.strictObject({
  legalName: required(FIELD_NAME_MSG.fieldLegalName, MSG.legalNameRequired),
  address: required(FIELD_NAME_MSG.fieldAddress, MSG.addressRequired, LIMITS.shortText),
  website: webAddress,
  registrationNumber: required(FIELD_NAME_MSG.fieldRegistrationNumber, MSG.registrationNumberRequired, 50),
  email: emailField(MSG.emailRequired, MSG.emailInvalid),
  phone,
});
export type LegalEntityForm = z.input<typeof legalEntityForm>;
export type LegalEntity = z.output<typeof legalEntityForm>;

/**
 * Comma-separated addresses that receive contact mail; empty means the active mailbox's own
 * address. Stored normalised ('a@x.be, b@y.be') so the form shows it back the same way.
 */
export const contactRecipientsField = singleLineText()
  .max(LIMITS.contactRecipients * 256, MSG.recipientsTooMany)
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email(MSG.recipientsInvalid)).max(LIMITS.contactRecipients, MSG.recipientsTooMany))
  .transform((list) => list.join(', '));

/** The settings form and the body of PUT /api/settings (company identity, docs/architecture.md). */
export const siteSettingsForm = z.strictObject({
  companyName: required(FIELD_NAME_MSG.fieldCompanyName, MSG.companyNameRequired, 100),
  address: required(FIELD_NAME_MSG.fieldAddress, MSG.addressRequired),
  phone,
  socialUrl: webAddress,
  /** Shown as written, e.g. 'September 2010'. */
  foundedOn: required(FIELD_NAME_MSG.fieldFoundingDate, MSG.foundedOnRequired, 50),
  contactRecipients: contactRecipientsField.default(''),
  entities: z.array(legalEntityForm).length(2, MSG.entitiesCount),
  /** The confirmation mail to the visitor (on by default); left out, the stored choice stays. */
  confirmationEnabled: z.boolean().optional(),
  confirmationText: multiLineText()
    .trim()
    .min(1, STAFF_MSG.confirmationTextRequired)
    .max(LIMITS.confirmationText, tooLong(FIELD_NAME_MSG.fieldConfirmationText, LIMITS.confirmationText))
    .optional(),
  /**
   * Privacy (docs/behaviour/audit-and-privacy.md): days a contact message and its CV are kept, and
   * the privacy page's text ('{days}' shows the period). Left out, the stored values stay.
   */
  retentionDays: z
    .number(STAFF_MSG.retentionDaysInvalid)
    .int(STAFF_MSG.retentionDaysInvalid)
    .min(RETENTION_DAYS_MIN, STAFF_MSG.retentionDaysInvalid)
    .max(RETENTION_DAYS_MAX, STAFF_MSG.retentionDaysInvalid)
    .optional(),
  privacyText: multiLineText()
    .trim()
    .min(1, STAFF_MSG.privacyTextRequired)
    .max(PRIVACY_TEXT_MAX, tooLong(FIELD_NAME_MSG.fieldPrivacyText, PRIVACY_TEXT_MAX))
    .optional(),
});
export type SiteSettingsForm = z.input<typeof siteSettingsForm>;
/** PUT /api/settings as the server reads it. */
export type SiteSettingsInput = z.output<typeof siteSettingsForm>;

/** GET /api/settings/admin and the answer of PUT /api/settings. */
export const siteSettingsSchema = z.object({
  companyName: z.string(),
  address: z.string(),
  phone: z.string(),
  socialUrl: z.string(),
  foundedOn: z.string(),
  contactRecipients: z.string(),
  entities: z.array(
    z.object({
      legalName: z.string(),
      address: z.string(),
      website: z.string(),
      registrationNumber: z.string(),
      email: z.string(),
      phone: z.string(),
    }),
  ),
  confirmationEnabled: z.boolean(),
  confirmationText: z.string(),
  retentionDays: z.number(),
  privacyText: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** GET /api/settings (public): who receives contact mail is not the public's business. */
export const publicSiteSettingsSchema = siteSettingsSchema
  .omit({
    contactRecipients: true,
    confirmationEnabled: true,
    confirmationText: true,
  })
  .extend({
    /** GET with `?lang=`: the language of `privacyText` (the one asked for, else English). */
    privacyLanguage: localeField.optional(),
    /** CANDIDATE_RETENTION_MONTHS, which the privacy text's '{months}' shows (absent: the default). */
    candidateRetentionMonths: z.number().optional(),
  });
export type PublicSiteSettings = z.infer<typeof publicSiteSettingsSchema>;

// ---------------------------------------------------------------- page texts per language

/**
 * The single-row texts that have a version per language (decision 0155), each with its fields: the
 * source is the English text (intro, masthead, the settings' privacy and confirmation texts).
 */
export const TEXT_ITEMS = {
  intro: ['title', 'history', 'body'],
  masthead: ['mastheadTitle', 'mastheadBody'],
  privacy: ['privacyText'],
  confirmation: ['confirmationText'],
} as const;
export type TextItem = keyof typeof TEXT_ITEMS;
export const textItemField = z.enum(Object.keys(TEXT_ITEMS) as [TextItem, ...TextItem[]]);

/** The path of a text's translations: `/api/texts/{item}/translations[/{language}]`. */
export const textItemParams = z.object({ item: textItemField });
export const textTranslationParams = z.object({ item: textItemField, language: localeField });

/** PUT /api/texts/{item}/translations/{language}: the item's fields in that language, each under the source's rules. */
export const textTranslationForms = {
  intro: introForm,
  masthead: mastheadForm,
  privacy: z.strictObject({ privacyText: siteSettingsForm.shape.privacyText.unwrap() }),
  confirmation: z.strictObject({ confirmationText: siteSettingsForm.shape.confirmationText.unwrap() }),
} as const satisfies Record<TextItem, z.ZodType>;
export const textTranslationBody = z.record(z.string(), z.string());

/** GET /api/texts/{item}/translations: the English source beside each stored translation. */
export const textTranslations = z.object({
  item: textItemField,
  source: z.record(z.string(), z.string()),
  translations: z.array(
    z.object({
      language: localeField,
      fields: z.record(z.string(), z.string()),
      updatedAt: z.string(),
      /** The source changed after this was saved. */
      outdated: z.boolean(),
    }),
  ),
});
export type TextTranslations = z.infer<typeof textTranslations>;
