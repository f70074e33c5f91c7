import type { MailAccepted } from '@app/shared/schemas/contact';
import { apiFetch } from '../../../lib/api-client';
import { API } from '@app/shared/api-paths';

/** POST /api/contact (multipart): stores the message or application; the server's worker delivers it. */
/** `language`: the page's language tag, so that the answer's messages come in it (decision 0144). */
export const sendContactMessage = (body: FormData, language: string) =>
  apiFetch<MailAccepted>(API.contact, { method: 'POST', body, language });
