/** Contract placeholder: replaced by the pipeline screens before this branch reaches main. */
export function CandidatesPage() {
  return null;
}
