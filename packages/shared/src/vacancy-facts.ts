import { brusselsDate } from './brussels';

export * from './career-tiles';

/*
 * What a vacancy's status and facts mean, without zod: the public pages import this in their first
 * load (the schemas in schemas/vacancies.ts re-export it).
 */

export const VACANCY_STATUSES = ['open', 'closed'] as const;
export type VacancyStatus = (typeof VACANCY_STATUSES)[number];

/** schema.org JobPosting employment types, with the words the pages show for them. */
export const EMPLOYMENT_TYPES = {
  FULL_TIME: 'Full time',
  PART_TIME: 'Part time',
  CONTRACTOR: 'Contractor',
  TEMPORARY: 'Temporary',
  INTERN: 'Internship',
  VOLUNTEER: 'Volunteer',
  PER_DIEM: 'Per diem',
  OTHER: 'Other',
} as const;
export type EmploymentType = keyof typeof EMPLOYMENT_TYPES;

export const VACANCY_DEFAULTS = {
  status: 'open',
  employmentType: 'FULL_TIME',
  location: 'Antwerp, Belgium',
} as const satisfies { status: VacancyStatus; employmentType: EmploymentType; location: string };

/** Open for applications: status open and the closing date, if any, not yet past in Brussels. */
export const vacancyIsOpen = (
  v: { status: VacancyStatus; closingDate: string | null },
  now: Date = new Date(),
): boolean => v.status === 'open' && (!v.closingDate || v.closingDate >= brusselsDate(now));

/** 'Full time · Antwerp, Belgium' */
export const vacancyFacts = (v: { employmentType: EmploymentType; location: string }): string =>
  `${EMPLOYMENT_TYPES[v.employmentType]} · ${v.location}`;
