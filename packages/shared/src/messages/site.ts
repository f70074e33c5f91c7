import type { Catalogue } from './catalogue';

/**
 * The public pages' interface texts: navigation, headings, labels, buttons, the error pages, the
 * captcha's strings, the language switcher and offer, and the pages' titles and descriptions
 * (docs/decisions/0152-interface-languages.md). Plain strings with `{name}` placeholders (filled by
 * `fillText`), no functions: the server writes the page language's copy into the page's data, so
 * no language's texts are in the JavaScript bundles at all.
 */
export const SITE_MSG = {
  skipToContent: 'Skip to content',
  navMain: 'Main',
  navIntro: 'Intro',
  navServices: 'Services',
  navVision: 'Vision',
  navJoin: 'Join Our Team',
  navContact: 'Contact',
  navAbout: 'About',
  navPosts: 'Posts',
  navHomeSuffix: ' home',
  navMenu: 'Menu',
  footerNav: 'Footer',
  footerCareers: 'Careers',
  footerStaffLogin: 'Staff login',
  footerSocial: '{company} on social media (opens in a new tab)',
  footerCopyright: 'Copyright © {company} {year}',

  // The language switcher and the one-time offer of the browser's language (in the offered language).
  languageNav: 'Language',
  offerText: 'This site is also available in English.',
  offerAccept: 'Read in English',
  offerDismiss: 'No, thanks',

  notFoundTitle: 'Page not found',
  notFoundLead: 'The page you are looking for does not exist or has moved.',
  errorTitle: 'Something went wrong',
  errorLead: 'Please try again in a moment.',
  backHome: 'Back to the home page',

  // Titles (before ' | ' and the site name) and descriptions of the pages.
  homeTitle: '{company} | Security Integrations, PKI and Java consulting in Antwerp',
  homeDescription:
    'Java, J2EE, JavaScript and PKI consulting, digital signatures, business continuity and security scans from Antwerp, Belgium.',
  servicesTitle: 'Our Services',
  servicesDescription:
    'Java, J2EE & Javascript development, digital signatures and PKI, BC/DR solutions and security scans by a Belgian security consultancy.',
  careersTitle: 'Careers: Join Our Team',
  careersDescription: 'Work as a Java Developer, Office Manager or Admin Manager at a security consultancy in Antwerp.',
  visionTitle: 'Our Vision: learning, growth and well-being',
  visionDescription:
    'Continuous learning, career growth, well-being, innovation, fun at work and team building: what working with us looks like.',
  aboutTitle: 'About Us: our companies and contact details',
  aboutDescription:
    'A university spin-off founded in September 2010 in Antwerp: legal names, addresses, registration numbers and contact details of our two companies.',
  privacyTitle: 'Privacy notice',
  privacyDescription: 'How we use the details you send through the contact form, and how long we keep them.',
  privacyLead: '{company} and the personal data you send us.',
  postsTitle: 'Posts: news and insights on security and PKI',
  postsTaggedTitle: 'Posts tagged {tag}',
  pageNumberSuffix: ', page {page}',
  postsDescription: 'Articles from our consultants on digital signatures, PKI, disaster recovery and security scans.',
  postsTaggedDescription: 'Articles from our consultants tagged {tag}.',
  postNotFoundTitle: 'Post not found',
  vacanciesTitle: 'Vacancies: open positions in Antwerp',
  vacanciesDescription:
    'Open positions at our security consultancy in Antwerp: developers, office and administration roles.',
  vacancyTitle: 'Vacancy',
  vacancyFilledTitle: '{title} (position filled)',
  vacancyInTitle: '{title} (vacancy in {city})',

  // The posts list and a post.
  postsHeading: 'Posts',
  postsTaggedHeading: 'Posts tagged {tag}',
  postsLead: 'News and insights from our consultants.',
  postsTaggedLead: 'Articles from our consultants on this subject.',
  searchPosts: 'Search posts',
  allPosts: '← All posts',
  tagFeed: 'RSS feed of this tag',
  noMatch: 'No posts match “{q}”. Try other words or ',
  noPostsOnPage: 'No posts on this page. ',
  seeAllPostsLower: 'see all posts',
  seeAllPosts: 'See all posts',
  postsNoneYet: 'No posts yet. Please come back soon.',
  viewPost: 'View Post: {name}',
  pagesNav: 'Pages',
  tagsLabel: 'Tags',
  like: 'Like',
  liked: 'Liked',
  close: 'Close',
  previousImage: 'Previous image',
  nextImage: 'Next image',
  imagesOf: 'Images of {title}',
  enlargeImage: 'Enlarge image: {alt}',
  postedBy: 'Posted By',
  postedOn: 'Posted On',

  // The vacancies list and a vacancy.
  vacanciesHeading: 'Vacancies',
  noOpenings: 'There are no open positions at the moment. Please check back soon.',
  viewVacancy: 'View Vacancy: {title}',
  vacancyUnavailable: 'This vacancy is not available at the moment. Have a look at our other open positions.',
  vacancyFilled: 'This position has been filled.',
  seeOpenings: 'Have a look at our open positions:',
  applyHeading: 'Apply for this position',
  expectations: 'Expectations',
  function: 'Function',
  description: 'Description',
  offer: 'Offer',

  // The contact and application form.
  contactForm: 'Contact form',
  applicationForm: 'Job application',
  requiredBefore: 'Fields marked ',
  requiredAsterisk: 'with an asterisk',
  requiredAfter: ' are required.',
  fullName: 'Full Name',
  email: 'Email',
  phoneNumber: 'Phone Number',
  message: 'Message',
  optional: ' (optional)',
  cv: 'CV',
  attachment: 'Attachment',
  fileHint: 'PDF only, at most 2 MB.',
  submit: 'Submit',
  sending: 'Sending…',

  // The captcha widget (ALTCHA's own strings).
  captchaLabel: "I'm not a robot",
  captchaVerifying: 'Verifying...',
  captchaVerified: 'Verified',
  captchaError: 'Verification failed. Try again later.',
  captchaExpired: 'Verification expired. Try again.',
  captchaRequired: 'Please complete the verification before submitting.',
  captchaWait: 'Verifying... please wait.',
  captchaLoading: 'Loading...',
  captchaReload: 'Reload',
  captchaVerify: 'Verify',
} as const satisfies Catalogue;
