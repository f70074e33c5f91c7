/** Contract placeholder: replaced by the interviewer's candidate screen before this branch reaches main. */
export function InterviewCandidatePage() {
  return null;
}
