import { z } from 'zod';
import { localeField } from './translations';
import { DEFAULT_TIMEOUT_MS, LIMITS, MAILBOX_TYPES, MESSAGE_STATUSES } from '../constants';
import { MSG } from '../messages/index';
import { singleLineText } from './text';
import { pageOf, pageQuery } from './paging';
import { CANDIDATE_STAGES, interviewSchema, timelineEntry } from './candidates';

const MAX_TIMEOUT = 600_000;
/**
 * Every text of a provider or mailbox reaches SMTP (host, sender, credentials): one line, no
 * control characters, checked before trimming.
 */
const text = (required: string) =>
  singleLineText({ error: required }).pipe(z.string().trim().min(1, required).max(LIMITS.shortText));

/** A missing number gets the field's "required" message, one of another type (`"12a"`) the invalid one. */
const numberField = (required: string, invalid: string) =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) });
const port = (required: string) =>
  numberField(required, MSG.portInvalid).int(MSG.portInvalid).min(0, MSG.portInvalid).max(65535, MSG.portInvalid);
const timeout = (required: string) =>
  numberField(required, MSG.timeoutInvalid)
    .int(MSG.timeoutInvalid)
    .min(1, MSG.timeoutInvalid)
    .max(MAX_TIMEOUT, MSG.timeoutInvalid);

/** Digits only, as text (the provider form holds its numbers as text, docs/behaviour/mail.md). */
const digits = (required: string, invalid: string, min: number, max: number) =>
  singleLineText()
    .trim()
    .min(1, required)
    .regex(/^\d{1,6}$/, invalid)
    .refine((v) => Number(v) >= min && Number(v) <= max, invalid);

export const mailboxType = z.enum(MAILBOX_TYPES, { error: MSG.mailboxTypeRequired });

// ---------------------------------------------------------------- providers

/** Body of POST /api/providers/create and PUT /api/providers/{id}. */
export const providerRequest = z.object({
  providerName: text(MSG.providerNameRequired),
  mailboxType: mailboxType.default('DEV'),
  host: text(MSG.hostRequired),
  port: port(MSG.portRequired),
  protocol: text(MSG.protocolRequired),
  auth: z.boolean().default(false),
  starttlsEnable: z.boolean().default(false),
  connectionTimeout: timeout(MSG.connectionTimeoutRequired),
  timeout: timeout(MSG.readTimeoutRequired),
  writeTimeout: timeout(MSG.writeTimeoutRequired),
});
export type ProviderRequest = z.input<typeof providerRequest>;

export const providerSchema = z.object({
  id: z.number(),
  providerName: z.string(),
  mailboxType: mailboxType,
  host: z.string(),
  port: z.number(),
  protocol: z.string(),
  auth: z.boolean(),
  starttlsEnable: z.boolean(),
  connectionTimeout: z.number(),
  timeout: z.number(),
  writeTimeout: z.number(),
});
export type Provider = z.infer<typeof providerSchema>;
export const providersPage = pageOf(providerSchema);
export type ProvidersPage = z.infer<typeof providersPage>;

/**
 * The provider form (/new-provider, /edit-provider/{id}): numbers as text, docs/behaviour/mail.md messages.
 * Its output is the API body (numbers), so `providerForm.parse(values)` can be sent as it is.
 * The name, host and protocol are checked for line breaks and length by the server.
 */
export const providerForm = z
  .object({
    providerName: singleLineText().trim().min(1, MSG.providerNameRequired),
    mailboxType: mailboxType,
    host: singleLineText().trim().min(1, MSG.hostRequired),
    port: digits(MSG.portRequired, MSG.portInvalid, 0, 65535),
    protocol: singleLineText().trim().min(1, MSG.protocolRequired),
    auth: z.boolean(),
    starttlsEnable: z.boolean(),
    connectionTimeout: digits(MSG.connectionTimeoutRequired, MSG.timeoutInvalid, 1, MAX_TIMEOUT),
    timeout: digits(MSG.readTimeoutRequired, MSG.timeoutInvalid, 1, MAX_TIMEOUT),
    writeTimeout: digits(MSG.writeTimeoutRequired, MSG.timeoutInvalid, 1, MAX_TIMEOUT),
  })
  .transform((v) => ({
    ...v,
    port: Number(v.port),
    connectionTimeout: Number(v.connectionTimeout),
    timeout: Number(v.timeout),
    writeTimeout: Number(v.writeTimeout),
  }));
export type ProviderFormInput = z.input<typeof providerForm>;

export const providerFormDefaults: ProviderFormInput = {
  providerName: '',
  mailboxType: 'DEV',
  host: '',
  port: '',
  protocol: 'smtp',
  auth: false,
  starttlsEnable: false,
  connectionTimeout: String(DEFAULT_TIMEOUT_MS),
  timeout: String(DEFAULT_TIMEOUT_MS),
  writeTimeout: String(DEFAULT_TIMEOUT_MS),
};

/** GET /api/providers/exists?providerName&port&protocol */
export const providerExistsQuery = z.object({
  providerName: singleLineText().trim().min(1, MSG.providerNameRequired),
  port: singleLineText()
    .regex(/^\d{1,6}$/, MSG.portInvalid)
    .transform(Number),
  protocol: singleLineText().trim().min(1, MSG.protocolRequired),
});

// ---------------------------------------------------------------- mailboxes

/**
 * The mailbox form (/new-mailbox, /edit-mailbox/{id}) and the body of create and update:
 * providerId, type, host and port required, the rest optional (docs/behaviour/mail.md). An empty or absent
 * password on update keeps the stored one. The username is the sender address of contact mail.
 */
export const mailboxForm = z.object({
  providerId: z.number({ error: MSG.providerRequired }).int().positive(MSG.providerRequired),
  type: mailboxType,
  host: text(MSG.hostRequired),
  port: port(MSG.portRequired),
  username: singleLineText().pipe(z.string().trim().max(LIMITS.shortText)).default(''),
  /** Sent in SMTP AUTH, where NUL separates the fields: no control characters. */
  password: singleLineText().max(1024).optional(),
  protocol: singleLineText().pipe(z.string().trim().max(LIMITS.shortText)).default('smtp'),
  auth: z.boolean().default(false),
  starttlsEnable: z.boolean().default(false),
  active: z.boolean().default(false),
  connectionTimeout: timeout(MSG.connectionTimeoutRequired).default(DEFAULT_TIMEOUT_MS),
  timeout: timeout(MSG.readTimeoutRequired).default(DEFAULT_TIMEOUT_MS),
  writeTimeout: timeout(MSG.writeTimeoutRequired).default(DEFAULT_TIMEOUT_MS),
});
export type MailboxFormInput = z.input<typeof mailboxForm>;
export type MailboxRequest = z.output<typeof mailboxForm>;

export const mailboxFormDefaults = {
  providerId: 0,
  type: 'DEV',
  host: '',
  port: 0,
  username: '',
  password: '',
  protocol: 'smtp',
  auth: false,
  starttlsEnable: false,
  active: false,
  connectionTimeout: DEFAULT_TIMEOUT_MS,
  timeout: DEFAULT_TIMEOUT_MS,
  writeTimeout: DEFAULT_TIMEOUT_MS,
} satisfies MailboxFormInput;

/**
 * The fields a chosen provider copies into the mailbox form (docs/behaviour/mail.md): port 0 and
 * timeouts 5000 when missing.
 */
export const copyFromProvider = (p: Partial<Provider>) => ({
  host: p.host ?? '',
  port: Number.isFinite(Number(p.port)) ? Number(p.port) : 0,
  protocol: p.protocol ?? 'smtp',
  auth: !!p.auth,
  starttlsEnable: !!p.starttlsEnable,
  connectionTimeout: p.connectionTimeout || DEFAULT_TIMEOUT_MS,
  timeout: p.timeout || DEFAULT_TIMEOUT_MS,
  writeTimeout: p.writeTimeout || DEFAULT_TIMEOUT_MS,
});

/** A mailbox as the API gives it: never its password, only whether one is stored. */
export const mailboxSchema = z.object({
  id: z.number(),
  providerId: z.number(),
  type: mailboxType,
  host: z.string(),
  port: z.number(),
  username: z.string(),
  hasPassword: z.boolean(),
  protocol: z.string(),
  auth: z.boolean(),
  starttlsEnable: z.boolean(),
  connectionTimeout: z.number(),
  timeout: z.number(),
  writeTimeout: z.number(),
  active: z.boolean(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

/** GET /api/mailboxes/all: each mailbox with its provider's settings (docs/behaviour/mail.md). */
export const mailboxListItem = mailboxSchema.extend({
  providerName: z.string(),
  providerHost: z.string(),
  providerPort: z.number(),
  providerAuth: z.boolean(),
  providerStarttlsEnable: z.boolean(),
});
export type MailboxListItem = z.infer<typeof mailboxListItem>;
export const mailboxesPage = pageOf(mailboxListItem);
export type MailboxesPage = z.infer<typeof mailboxesPage>;

/** POST /api/mailboxes/{id}/test: the outcome, with the SMTP server's reason on failure. */
export const testMailResult = z.object({ ok: z.boolean(), message: z.string() });
export type TestMailResult = z.infer<typeof testMailResult>;

// ---------------------------------------------------------------- messages (the outbox) and log

export const messageStatus = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatus>;

/** GET /api/messages: received contact messages with their delivery state (no attachment bytes). */
export const contactMessageSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  message: z.string(),
  vacancyId: z.number().nullable(),
  vacancyTitle: z.string().nullable(),
  /** The language the visitor wrote in: their page's (`en`, `nl`, `fr`; decision 0155). */
  language: localeField,
  hasAttachment: z.boolean(),
  attachmentName: z.string().nullable(),
  status: messageStatus,
  attempts: z.number(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/**
 * One message in GET /api/messages: its delivery state and what identifies it, not its text or
 * phone number (the screen shows neither; the export carries every field).
 */
export const contactMessageListItem = contactMessageSchema.omit({ message: true, phoneNumber: true });
export type ContactMessageListItem = z.infer<typeof contactMessageListItem>;
/** GET /api/messages: one page, newest first (docs/decisions/0143-staff-lists-paged.md). */
export const messagesPage = pageOf(contactMessageListItem);
export type MessagesPage = z.infer<typeof messagesPage>;

/**
 * GET /api/mail/health: what the back office shows where mail matters. `working` is false when no
 * mailbox is active or waiting messages were already tried through it in vain; `notice` is then the
 * sentence to show ("N messages are waiting: no working mailbox"), else null.
 */
export const mailHealth = z.object({
  waiting: z.number(),
  failed: z.number(),
  activeMailbox: z.boolean(),
  working: z.boolean(),
  notice: z.string().nullable(),
});
export type MailHealth = z.infer<typeof mailHealth>;

/** GET /api/mail-logs: one row per delivered mail. */
export const mailLogSchema = z.object({
  id: z.number(),
  senderFullName: z.string(),
  senderEmail: z.string(),
  sentTimestamp: z.string(),
  sentToMailbox: z.string(),
  recipients: z.string(),
});
export type MailLog = z.infer<typeof mailLogSchema>;

/** The mail-log table's sortable columns; without `sort` the newest row comes first. */
export const MAIL_LOG_SORTS = [
  'senderFullName',
  'senderEmail',
  'sentTimestamp',
  'sentToMailbox',
  'recipients',
] as const;
export type MailLogSort = (typeof MAIL_LOG_SORTS)[number];
/** GET /api/mail-logs?page=&pageSize=&sort=&order= */
export const mailLogQuery = pageQuery.extend({
  sort: z.enum(MAIL_LOG_SORTS, MSG.mailLogSortInvalid).optional(),
  order: z.enum(['asc', 'desc'], MSG.mailLogSortInvalid).optional(),
});
export type MailLogQuery = z.output<typeof mailLogQuery>;
export const mailLogPage = pageOf(mailLogSchema);
export type MailLogPage = z.infer<typeof mailLogPage>;

/**
 * GET/DELETE /api/messages?email= and GET /api/messages/export?email=: a data-subject request
 * names the person by e-mail address (matched ignoring case).
 */
export const messagesByEmailQuery = pageQuery.extend({
  email: z.string().trim().min(1, MSG.emailRequiredContact).max(254).pipe(z.email(MSG.emailInvalidContact)).optional(),
});
export type MessagesQuery = z.output<typeof messagesByEmailQuery>;
export const messagesByEmailRequired = z.object({
  email: z.string().trim().min(1, MSG.emailRequiredContact).max(254).pipe(z.email(MSG.emailInvalidContact)),
});

/** One message in an export: every stored field, the CV as base64, and the mail-log rows about it. */
export const exportedMessage = contactMessageSchema.extend({
  attachmentBase64: z.string().nullable(),
  mailLogs: z.array(mailLogSchema),
});
/** The person behind the candidates (decision 0160), with their agreement to be kept and its text. */
export const exportedApplicant = z.object({
  email: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  language: z.string(),
  keepConsentAt: z.string().nullable(),
  keepConsentText: z.string().nullable(),
  createdAt: z.string(),
});
/** One candidate in an export: the stage and its times, the whole timeline, interviews and feedback. */
export const exportedCandidate = z.object({
  id: z.number(),
  vacancyId: z.number().nullable(),
  vacancyTitle: z.string().nullable(),
  stage: z.enum(CANDIDATE_STAGES),
  stageReason: z.string().nullable(),
  appliedAt: z.string(),
  stageChangedAt: z.string(),
  answeredAt: z.string().nullable(),
  hiredAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  timeline: z.array(timelineEntry),
  interviews: z.array(interviewSchema),
});
/** A candidate mail the person was sent (an acknowledgement, an invitation, a rejection). */
export const exportedCandidateMail = z.object({
  id: z.number(),
  subject: z.string(),
  body: z.string(),
  status: contactMessageSchema.shape.status,
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const messagesExport = z.object({
  email: z.string(),
  exportedAt: z.string(),
  messages: z.array(exportedMessage),
  /** Null when the address never applied (no candidate). */
  applicant: exportedApplicant.nullable(),
  candidates: z.array(exportedCandidate),
  candidateMails: z.array(exportedCandidateMail),
});
export type MessagesExport = z.infer<typeof messagesExport>;

/** DELETE /api/messages?email=: how many messages and mail-log rows were erased. */
export const erasedCounts = z.object({
  message: z.string(),
  messages: z.number(),
  mailLogs: z.number(),
  /** The person's candidates, with their timelines, interviews and feedback (0 when they never applied). */
  candidates: z.number(),
});
