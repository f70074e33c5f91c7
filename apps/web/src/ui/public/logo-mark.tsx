/** The company mark (the same drawing as /favicon.svg and /logo.svg), inline so it costs no request. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="12" fill="#df2a28" />
      <path
        d="M18 48V16h16a10 10 0 0 1 0 20H26l14 12"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
