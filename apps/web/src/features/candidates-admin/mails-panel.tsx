import type { CandidateDetail } from '@app/shared/schemas/candidates';

/**
 * Contract placeholder (the mails helper replaces it): the candidate page's mail actions
 * (acknowledgement, invitation, rejection) with a preview before sending. `onChanged` reloads the page.
 */
export function MailsPanel(_props: { candidate: CandidateDetail; onChanged: () => void }) {
  return null;
}
