import type { Catalogue } from './catalogue';

/**
 * Messages of the public pages' own lazy chunks (the posts and vacancy lists, the post images, the
 * contact form): apart from MSG, which spreads them in, so that these pages load
 * these texts and not every MSG text (the first-load budget, decision 0080).
 */
export const PUBLIC_MSG = {
  postsListFailed: 'Something went wrong!!!',
  noImages: 'No images for this post',
  vacancyListFailed: 'Error fetching vacancies',
  contactFillRequired: 'Please fill in all required fields and complete the reCAPTCHA to submit the form.',
  contactFixFields: 'Please ensure all fields are correctly filled before submitting.',
  mailFailed: 'Failed to send mail: ',
  mailSent: 'Your message has been sent successfully!',
  privacyLinkText: 'privacy notice',
  privacyNotice: 'We use your details only to answer you and erase them after a while:',
} as const satisfies Catalogue;
