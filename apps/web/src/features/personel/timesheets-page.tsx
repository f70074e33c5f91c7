import { NotYetPage } from './not-yet-page';

/** /personel/timesheets. */
export function TimesheetsPage() {
  return (
    <NotYetPage
      heading="Timesheets"
      what="Timesheets are not part of this site yet: nothing you enter elsewhere is shown here."
      meanwhile="Until they are, keep sending your monthly timesheet to the office manager as before."
    />
  );
}
