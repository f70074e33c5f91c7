import type { LegalEntity } from '@app/shared/schemas/content';

export const demoSettings = {
  companyName: 'Redwall',
  address: 'Meir 24, 2000 Antwerpen, Belgium',
  phone: '+32 3 123 45 67',
  socialUrl: 'https://www.linkedin.com/company/redwall-example',
  foundedOn: 'September 2010',
  contactRecipients: '',
  entities: [
    {
      legalName: 'Redwall Consulting BV',
      address: 'Meir 24, 2000 Antwerpen, Belgium',
      website: 'https://redwall.example',
      registrationNumber: 'BE 0123.456.789',
      email: 'info@redwall.example',
      phone: '+32 3 123 45 67',
    },
    {
      legalName: 'Redwall Holding BV',
      address: 'Meir 24, 2000 Antwerpen, Belgium',
      website: 'https://holding.redwall.example',
      registrationNumber: 'BE 0987.654.321',
      email: 'office@redwall.example',
      phone: '+32 3 123 45 68',
    },
  ] satisfies LegalEntity[],
};
