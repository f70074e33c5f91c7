import { CAREER_TILES } from '../career-tiles';
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
  // The about, vision, services and careers pages.
  aboutHeading: 'About Us',
  aboutLead:
    '{company} was founded in {founded} as a university spin-off in Antwerp, Belgium. Today two companies carry the name.',
  aboutEmpty: 'Our company details are being updated. Please check back soon.',
  visionHeading: "{company}'s Vision",
  visionLead:
    'We are always looking for talented people who want to grow with us. This is what we promise every colleague, from the first day on.',
  visionApply: 'Does this sound like your kind of place?',
  visionApplyLead: 'Have a look at our open positions and send us your application today.',
  applyNow: 'Apply now',
  visionSlide: 'Vision {n} of {count}: {name}',
  slideOf: '{n} of {count}',
  visionCards: 'Vision cards',
  previousVision: 'Previous vision',
  nextVision: 'Next vision',
  allCareers: 'All careers',
  tileJava: 'Build secure back-end services and signing platforms.',
  tileOffice: 'Keep our Antwerp office and its people running smoothly.',
  tileAdmin: 'Own finance, contracts and the administration behind them.',
  // The tiles' titles are the spec's role names, the ones the back office picks a tile by.
  tileJavaTitle: CAREER_TILES['java-developer'],
  tileOfficeTitle: CAREER_TILES['office-manager'],
  tileAdminTitle: CAREER_TILES['admin-manager'],
  // The four service cards (titles verbatim from the spec).
  service1Title: 'Java, J2EE & Javascript',
  service1Text:
    'Robust back ends in Java and Jakarta EE, modern front ends in JavaScript and TypeScript, and the integrations that tie them to your existing systems.',
  service2Title: 'Digital signatures',
  service2Text:
    'PKI design, qualified electronic signatures under eIDAS, time stamping and long-term validation, so a signed document stays trustworthy for decades.',
  service3Title: 'BC/DR solutions',
  service3Text:
    'Business continuity and disaster recovery plans you can actually test: recovery objectives per service, automated backups and rehearsed restores.',
  service4Title: 'Security scan',
  service4Text:
    'Independent scans of your web applications and infrastructure, with a clear report that ranks the findings and tells your team how to fix them.',
  // The six visions (names verbatim from the spec), in the carousel and on /vision.
  vision1Name: 'Continuous Learning',
  vision1Text:
    'Technology moves fast and so do we. Every colleague has a personal training budget, time for certifications and a mentor who has walked the path before.',
  vision2Name: 'Career Growth Opportunities',
  vision2Text:
    'From your first client assignment to leading a team, we plan your next step together and give you the projects that make it happen.',
  vision3Name: 'Employee Well-being',
  vision3Text:
    'Flexible hours, hybrid work and a workload that leaves room for a life outside the office: rested people build better and safer systems.',
  vision4Name: 'Innovation and Creativity',
  vision4Text:
    'We started as a university spin-off and kept the curiosity. New ideas get time, a test environment and an honest hearing.',
  vision5Name: 'Fun at Work',
  vision5Text:
    'Serious work does not need serious faces. Friday lunches, hackathons and the occasional escape room keep the atmosphere light.',
  vision6Name: 'Team Building',
  vision6Text:
    'Consultants on different client sites stay one team: regular team days, shared knowledge sessions and a yearly trip together.',
  // The about page's entity cards: the role of each company, in the order of the settings, and the field labels.
  aboutRoleConsultancy: 'Our consultancy: Java, Javascript and PKI.',
  aboutRoleSister: 'Our sister company: office management and investments.',
  aboutAddress: 'Address',
  aboutWebsite: 'Website',
  aboutRegistrationNumber: 'Company registration number',
  aboutEmail: 'E-mail',
  aboutPhone: 'Phone',
  servicesLead: 'Since 2010 we help banks, public institutions and industry build software they can trust.',
  contactUsButton: 'Contact us',
  careersHeading: 'Join Our Team',
  careersLead: 'Small teams, senior colleagues, interesting clients and time to learn: find the role that fits you.',
  openPositions: 'Open positions',
  // The home page's sections.
  findOutMore: 'Find Out More',
  homeServices: 'Our Services',
  homeServicesLead: 'What we build, sign and secure for our clients.',
  homeVision: 'Our Vision',
  homeJoin: 'Join Our Team',
  homeJoinLead: 'We are looking for people who like hard problems and good colleagues.',
  homeContact: 'Contact Us',
  homeContactLead:
    'A project in mind, a question about security, or your application? Send us a message and we answer within one working day.',
  callUs: 'Call us: ',
  postsHeading: 'Posts',
  postsTaggedHeading: 'Posts tagged {tag}',
  postsLead: 'News and insights from our consultants.',
  postsTaggedLead: 'Articles from our consultants on this subject.',
  searchPosts: 'Search posts',
  search: 'Search',
  ok: 'Ok',
  viewPostButton: 'View Post',
  postsMatchOne: '{total} post matches “{q}”.',
  postsMatchMany: '{total} posts match “{q}”.',
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
  likeFailed: 'Your like could not be saved. Please try again.',
  close: 'Close',
  previousImage: 'Previous image',
  nextImage: 'Next image',
  imageAlt: '{title}, image {n} of {count}',
  imageDialog: '{title}: image {n} of {count}',
  imagesOf: 'Images of {title}',
  enlargeImage: 'Enlarge image: {alt}',
  postedBy: 'Posted By',
  postedOn: 'Posted On',

  // The vacancies list and a vacancy.
  vacanciesHeading: 'Vacancies',
  vacanciesLead: 'Find the role that fits you and grow with a team that takes security seriously.',
  mainPage: '← Main Page',
  viewVacancyButton: 'View Vacancy',
  backToOverview: 'Back to Overview',
  noOpenings: 'There are no open positions at the moment. Please check back soon.',
  viewVacancy: 'View Vacancy: {title}',
  vacancyUnavailable: 'This vacancy is not available at the moment. Have a look at our other open positions.',
  vacancyFilled: 'This position has been filled.',
  seeOpenings: 'Have a look at our open positions:',
  applyHeading: 'Apply for this position',
  applyLead: 'Tell us about yourself and attach your CV as a PDF.',
  applyCall: 'Prefer to talk first? Call us on ',
  backToOverviewArrow: '← Back to Overview',
  allVacancies: 'All vacancies',
  expectations: 'Expectations',
  function: 'Function',
  description: 'Description',
  offer: 'Offer',
  // Employment types as the public pages show them (the back office keeps EMPLOYMENT_TYPES).
  employment_FULL_TIME: 'Full time',
  employment_PART_TIME: 'Part time',
  employment_CONTRACTOR: 'Contractor',
  employment_TEMPORARY: 'Temporary',
  employment_INTERN: 'Internship',
  employment_VOLUNTEER: 'Volunteer',
  employment_PER_DIEM: 'Per diem',
  employment_OTHER: 'Other',

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
  // The application's optional consent (decision 0160); the server stores the text shown, filled in.
  keepForFuture: 'You may keep my application for future vacancies for {months} months.',
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
