import type { Catalogue } from './catalogue';

/** Page texts and site settings (docs/behaviour/page-texts-and-settings.md). */
export const SETTINGS_MSG = {
  introUpdated: 'intro updated',
  settingsUpdated: 'Settings saved.',
  settingsNotFound: 'Site settings not found.',
  companyNameRequired: 'Company name is required.',
  addressRequired: 'Address is required.',
  phoneRequired: 'Phone number is required.',
  urlInvalid: 'Enter a full web address starting with https:// or http://.',
  foundedOnRequired: 'Founding date is required.',
  legalNameRequired: 'Legal name is required.',
  registrationNumberRequired: 'Registration number is required.',
  recipientsInvalid: 'Enter e-mail addresses separated by commas.',
  recipientsTooMany: 'At most 10 recipients can be set.',
  entitiesCount: 'Exactly two legal entities are required.',
} as const satisfies Catalogue;
