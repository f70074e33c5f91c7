import type { CandidateDetail } from '@app/shared/schemas/candidates';

/**
 * Contract placeholder (the interviews helper replaces it): the candidate page's interviews, with
 * scheduling, rescheduling, cancelling and every interviewer's feedback. `onChanged` reloads the page.
 */
export function InterviewsPanel(_props: { candidate: CandidateDetail; onChanged: () => void }) {
  return null;
}
