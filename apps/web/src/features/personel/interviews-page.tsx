import { NotYetPage } from './not-yet-page';

/** /personel/interviews. */
export function InterviewsPage() {
  return (
    <NotYetPage
      heading="Interviews"
      what="Interview planning is not part of this site yet: there are no interviews to show here."
      meanwhile="Until it is, interviews are arranged by the office manager by e-mail; applications arrive in the company mailbox."
    />
  );
}
