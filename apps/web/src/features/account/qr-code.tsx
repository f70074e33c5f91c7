import { useMemo } from 'react';
import { renderSVG } from 'uqr';

/**
 * The otpauth URL as a QR code, drawn in the browser (this screen's own chunk): the secret never
 * goes to a third-party QR service. uqr has no dependencies and draws synchronously
 * (docs/decisions/0102-qr-codes-notices-and-form-resolvers.md).
 */
export function QrCode({ text }: { text: string }) {
  const src = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { ecc: 'M', border: 2 }))}`,
    [text],
  );
  return <img src={src} width={200} height={200} alt="QR code for your authenticator app" />;
}
