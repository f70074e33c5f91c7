import type { Catalogue } from './catalogue';

/** The contact and application form (docs/behaviour/contact-and-applications.md). */
export const CONTACT_MSG = {
  nameRequired: 'A name is required.',
  emailRequiredContact: 'An email is required.',
  emailInvalidContact: 'Email is not valid.',
  phoneInvalid: 'Phone number may contain only digits, spaces, +, - and parentheses, 7 to 20 characters.',
  messageRequired: 'A message is required.',
  pdfOnly: 'Only PDF files are allowed.',
  fileTooLarge: 'The file size exceeds the maximum allowed size of 2MB.',
  captchaFailed: 'The human verification failed or expired. Please solve it again.',
  // Beyond the spec (see docs/decisions): texts the spec leaves open.
  fullNameTooLong: 'The name can be at most 200 characters long.',
  messageTooLong: 'The message can be at most 5000 characters long.',
  lineBreaks: 'Line breaks are not allowed here.',
  vacancyUnknown: 'The vacancy you are applying for does not exist.',
  vacancyClosedForApplications: 'This position has been filled: the vacancy no longer takes applications.',
} as const satisfies Catalogue;
