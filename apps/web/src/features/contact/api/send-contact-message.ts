import type { MailAccepted } from '@app/shared/schemas/contact';
import { apiFetch } from '../../../lib/api-client';
import { API } from '@app/shared/api-paths';

/** POST /api/contact (multipart): stores the message or application; the server's worker delivers it. */
export const sendContactMessage = (body: FormData) => apiFetch<MailAccepted>(API.contact, { method: 'POST', body });
