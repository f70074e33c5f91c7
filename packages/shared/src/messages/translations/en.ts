/**
 * English, the source every other language translates: the catalogue files themselves, with the
 * same bundle names a translation has (messages/translate.ts).
 */
import { CLIENT_MSG } from '../client';
import { CONTACT_MSG } from '../contact';
import { CORE_MSG } from '../core';
import { FIELD_NAME_MSG } from '../field-names';
import { PUBLIC_MSG } from '../public';
import { REQUEST_MSG, tooLong } from '../requests';
import { SERVER_MSG, noApiEndpoint, partNotJsonNamed, unknownFieldText } from '../server';
import { SESSION_MSG } from '../session';
import { SITE_MSG } from '../site';

const en = {
  site: SITE_MSG,
  core: CORE_MSG,
  client: CLIENT_MSG,
  public: PUBLIC_MSG,
  contact: CONTACT_MSG,
  requests: REQUEST_MSG,
  session: SESSION_MSG,
  server: SERVER_MSG,
  fields: FIELD_NAME_MSG,
  // The standalone parametrised texts, so that their answers translate too.
  formats: { tooLong, noApiEndpoint, partNotJsonNamed, unknownFieldText },
};

export default en;
