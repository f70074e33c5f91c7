import type { CareerTile } from '@app/shared/vacancy-facts';

/** The demo vacancies, each tied to the careers tile of its title. */
export const demoVacancies: {
  title: string;
  homeTile: CareerTile;
  expectation: string;
  function: string;
  description: string;
  offer: string;
  postedBy: string;
  tags: string[];
}[] = [
  {
    title: 'Java Developer',
    homeTile: 'java-developer',
    expectation: 'Three years of experience with Java 17+, Spring and SQL; curiosity about security and PKI.',
    function: 'You build and maintain secure back-end services for our clients, from design to production.',
    description:
      'As a Java Developer at Redwall you join a small team of senior engineers working on signing platforms, identity services and integrations for banks and public institutions. You write clean, tested code, take part in code reviews and help clients choose the right architecture.',
    offer:
      'A permanent contract, a company car or mobility budget, training budget and certification time, hybrid work from Antwerp.',
    postedBy: 'Redwall HR',
    tags: ['Java', 'Spring', 'PKI'],
  },
  {
    title: 'Office Manager',
    homeTile: 'office-manager',
    expectation: 'Experience in office administration, fluent Dutch and English, well organised.',
    function: 'You keep the office running: planning, supplier contacts, onboarding and the day-to-day administration.',
    description:
      'As Office Manager you are the first point of contact for visitors and colleagues. You organise meetings and events, prepare invoices and work closely with our accountant.',
    offer: 'A permanent contract, meal vouchers, flexible hours and a friendly team in the centre of Antwerp.',
    postedBy: 'Redwall HR',
    tags: ['Office', 'Administration'],
  },
  {
    title: 'Admin Manager',
    homeTile: 'admin-manager',
    expectation: 'A background in finance or administration and experience leading small teams.',
    function: 'You oversee contracts, HR administration and reporting for both Redwall companies.',
    description:
      'As Admin Manager you make sure contracts, payroll input and reporting are correct and on time. You improve our processes and tools and report to the management.',
    offer: 'A permanent contract, a company car, group and hospitalisation insurance and room to grow.',
    postedBy: 'Redwall HR',
    tags: ['Administration', 'Finance'],
  },
];
