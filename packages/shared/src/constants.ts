/** Business constants of docs/behaviour/README.md, in one place for the server and the browser. */
export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_USER = 'ROLE_USER';
/** Writes their own posts as drafts and submits them for review (decision 0145). */
export const ROLE_CONTRIBUTOR = 'ROLE_CONTRIBUTOR';
/** Everything about content: posts (publishing too), page texts, vacancies. */
export const ROLE_EDITOR = 'ROLE_EDITOR';
/** Vacancies and the applications received for them. */
export const ROLE_RECRUITER = 'ROLE_RECRUITER';
export const ROLES = [ROLE_ADMIN, ROLE_USER, ROLE_CONTRIBUTOR, ROLE_EDITOR, ROLE_RECRUITER] as const;
export type RoleName = (typeof ROLES)[number];

export const APP_TITLE_SUFFIX = 'Security Integrations';
export const BRAND_RED = '#df2a28';

export const CONTACT_MAX_FILE_BYTES = 2 * 1024 * 1024;
export const PHONE_MIN = 7;
export const PHONE_MAX = 20;
export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_MAX = 254;

export const POST_CONTENT_MIN = 10;
export const PASSWORD_MIN = 6;
export const PREVIEW_LENGTH = 600;

export const IMAGE_MAX_WIDTH = 1200;
export const IMAGE_MAX_HEIGHT = 630;
export const CAROUSEL_MAX_HEIGHT = 630;

export const FRAGMENT_SCROLL_DELAY_MS = 100;
export const VISION_SCROLL_OFFSET_PX = 125;
/** The post lightbox's code is fetched this long after a post's images appear. */
export const LIGHTBOX_LOAD_DELAY_MS = 100;
export const CAPTCHA_RENDER_DELAY_MS = 500;

export const NOTICE_MS = 3000;
export const USER_NOTICE_MS = 2000;
export const USER_REDIRECT_MS = 2000;

export const MAILBOX_TYPES = ['DEV', 'PROD'] as const;
export type MailboxType = (typeof MAILBOX_TYPES)[number];
/** Delivery states of a received contact message (the outbox). */
export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_PROVIDER_ID = 2;

export const DEFAULT_VACANCY_ID = 1;
export const FOOTER_COPYRIGHT_YEAR = 2024;
export const FOUNDED = 'September 2010';

/** Sensible limits the spec leaves open (see docs/decisions). */
export const LIMITS = {
  shortText: 200,
  title: 200,
  message: 5000,
  postContent: 20000,
  vacancyText: 10000,
  /** Intro and masthead texts, addresses and the like on the settings screen. */
  pageText: 5000,
  url: 500,
  contactRecipients: 10,
  /** The visitor confirmation's text (settings). */
  confirmationText: 2000,
  tag: 40,
  tags: 20,
  imageBytes: 10 * 1024 * 1024,
  imagesPerRequest: 10,
} as const;

export const truncate = (text: string, max = PREVIEW_LENGTH): string =>
  text.length > max ? `${text.slice(0, max)}...` : text;

/** Accountability and privacy (docs/behaviour/audit-and-privacy.md). */
export const RETENTION_DAYS_DEFAULT = 180;
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;
export const PRIVACY_TEXT_MAX = 10_000;
