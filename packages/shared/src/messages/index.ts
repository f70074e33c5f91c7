/**
 * The message catalogue: every user-facing text, one file per bundle or area (see
 * docs/decisions/0136-messages-catalogue.md). `MSG` composes the texts that the browser and the
 * server share, as before the split; a bundle that needs only a few texts imports its own file
 * (`@app/shared/messages/core`, `/public`, `/staff`, `/back-office`), and the server-only texts (`/server`, `/mail`,
 * `/site-defaults`) are never spread into MSG, so no browser bundle ships them.
 */
import { CONTACT_MSG } from './contact';
import { CLIENT_MSG } from './client';
import { CORE_MSG } from './core';
import { MAIL_ADMIN_MSG } from './mail-admin';
import { POSTS_MSG } from './posts';
import { PUBLIC_MSG } from './public';
import { REQUEST_MSG } from './requests';
import { SESSION_MSG } from './session';
import { SETTINGS_MSG } from './settings';
import { BACK_OFFICE_MSG } from './back-office';
import { USERS_MSG } from './users';
import { VACANCIES_MSG } from './vacancies';

/** User-facing messages, verbatim from the original specification (listed per area in docs/behaviour/). */
export const MSG = {
  ...CORE_MSG,
  ...CLIENT_MSG,
  ...PUBLIC_MSG,
  ...SESSION_MSG,
  ...CONTACT_MSG,
  ...POSTS_MSG,
  ...VACANCIES_MSG,
  ...SETTINGS_MSG,
  ...USERS_MSG,
  ...MAIL_ADMIN_MSG,
  ...REQUEST_MSG,
} as const;

export { imageRefused } from './posts';
export { tooLong } from './requests';
export { vacancyHomeTileTaken, vacancyServiceError } from './vacancies';

/** The delete dialog's texts (ui/admin/confirm-dialog.tsx) for one item. */
export const confirmDelete = (kind: string, name: string) => ({
  title: BACK_OFFICE_MSG.confirmDeleteTitle(kind),
  text: BACK_OFFICE_MSG.confirmDeleteText(name),
  confirmLabel: BACK_OFFICE_MSG.confirmDeleteLabel,
});
