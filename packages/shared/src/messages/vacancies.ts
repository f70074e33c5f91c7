import type { Catalogue } from './catalogue';

/** Vacancies (docs/behaviour/vacancies.md). */
export const VACANCIES_MSG = {
  vacancyDeleted: 'Vacancy deleted successfully!',
  vacancyDeleteFailed: 'Error deleting vacancy',
  vacancyViewFailed: 'Something went wrong while fetching the vacancy.',
  invalidVacancyIdView: 'Invalid Vacancy ID.',
  vacancyIdMissing: 'Vacancy ID not found in route.',
  invalidVacancyId: 'Invalid Vacancy ID',
  vacancyUpdated: 'Vacancy updated successfully',
  fillRequired: 'Please fill in all required fields',
  titleRequired: 'Title is required.',
  expectationRequired: 'Expectations are required.',
  functionRequired: 'Function is required.',
  descriptionRequired: 'Description is required.',
  offerRequired: 'Offer is required.',
  noToken: 'No token available',
  unknownError: 'An unknown error occurred!',
  vacancyStale:
    'This vacancy was changed by someone else since you opened it. Reload the page to see the latest version, then apply your changes again.',
  mastheadUpdated: 'masthead updated',
  vacancyNotFound: 'Vacancy not found.',
  vacancyIdMismatch: 'The id in the body does not match the vacancy being updated.',
  vacancyTagsTooMany: 'A vacancy can have at most 20 tags.',
  vacancyStatusInvalid: 'The status must be open or closed.',
  vacancyClosingDateInvalid: 'The closing date must be a date (YYYY-MM-DD).',
  vacancyEmploymentTypeInvalid: 'Choose an employment type from the list.',
  vacancyLocationRequired: 'Location is required.',
  vacancySlugInvalid: 'The slug may hold only lower-case letters, digits and single hyphens (at most 80).',
  vacancyHomeTileInvalid: 'Choose a home page tile from the list, or none.',
} as const satisfies Catalogue;

/** A careers tile is tied to one vacancy at a time: the editor learns which one holds it. */
export const vacancyHomeTileTaken = (tile: string, holder: string): string =>
  `The ${tile} tile opens the vacancy "${holder}" already: set its home page tile to None first.`;

export const vacancyServiceError = (status: number, message: string): string =>
  status === 0 ? `Error: ${message}` : `Server returned code: ${status}, message: ${message}`;
