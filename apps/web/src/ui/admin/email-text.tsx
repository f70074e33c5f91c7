import { Fragment } from 'react';

/**
 * An e-mail address that may wrap at sensible points (before the @ and after each dot) instead of
 * mid-word or not at all: on a phone a long address would otherwise widen the page.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
