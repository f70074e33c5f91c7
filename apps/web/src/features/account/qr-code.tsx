import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/**
 * The otpauth URL as a QR code, drawn in the browser (this screen's own chunk): the secret never
 * goes to a third-party QR service.
 */
export function QrCode({ text }: { text: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return src ? <img src={src} width={200} height={200} alt="QR code for your authenticator app" /> : null;
}
