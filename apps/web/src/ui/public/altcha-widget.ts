/**
 * The ALTCHA widget, loaded by captcha.tsx 500 ms after its form. Its `external` build: the
 * proof-of-work worker is a file of this site (Vite's `?worker`) and the styles a stylesheet, so
 * neither a blob: worker nor an injected <style> is needed. Our challenges are SHA-256 (the
 * server's altcha-lib/v1 format, which the widget still solves; docs/decisions/0106-altcha-3.md),
 * so only that worker is registered.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';

$altcha.algorithms.set('SHA-256', () => new ShaWorker());
$altcha.defaults.set({
  // MIT-licensed and self-hosted: no attribution footer or logo link needed.
  hideFooter: true,
  hideLogo: true,
  // Pointer and scroll samples are for ALTCHA's hosted Sentinel, which this site does not use.
  humanInteractionSignature: false,
});
