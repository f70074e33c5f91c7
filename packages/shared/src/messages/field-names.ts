import type { Catalogue } from './catalogue';

/**
 * Field names as the length messages name them (`tooLong(FIELD_NAME_MSG.fieldTitle, 200)` reads
 * 'The title can be at most 200 characters long.'): only the schemas that build those messages
 * import them (schemas/vacancies.ts, schemas/content.ts), so they are not spread into MSG.
 */
export const FIELD_NAME_MSG = {
  fieldLocation: 'The location',
  fieldTitle: 'The title',
  fieldOffer: 'The offer',
  fieldExpectations: 'The expectations',
  fieldFunction: 'The function',
  fieldDescription: 'The description',
  fieldPostedBy: 'Posted By',
  fieldWebAddress: 'The web address',
  fieldHistory: 'The history',
  fieldBody: 'The body',
  fieldMastheadTitle: 'The masthead title',
  fieldMastheadBody: 'The masthead body',
  fieldLegalName: 'The legal name',
  fieldAddress: 'The address',
  fieldRegistrationNumber: 'The registration number',
  fieldCompanyName: 'The company name',
  fieldFoundingDate: 'The founding date',
  fieldConfirmationText: 'The confirmation text',
  fieldPrivacyText: 'The privacy text',
} as const satisfies Catalogue;
