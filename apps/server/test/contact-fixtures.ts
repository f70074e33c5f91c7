// Test and bench support: real ALTCHA solutions and contact-form bodies.
import { solveChallenge } from 'altcha-lib/v1';
import type { FastifyInstance } from 'fastify';
import type { CaptchaChallenge } from '@app/shared/schemas/contact';
import { multipart, type Part } from './multipart';

/** Fetches a challenge from the app and solves it, as the widget does; returns the widget's payload. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`challenge failed: ${res.statusCode}`);
  return solvedPayload(res.json() as CaptchaChallenge);
}

/** The widget's payload for a challenge, solved. */
export async function solvedPayload(c: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solution.number,
    salt: c.salt,
    signature: c.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export const validContact = {
  fullName: 'Jane Visitor',
  email: 'jane@visitor.example',
  phoneNumber: '+32 (0)2 123-45-67',
  message: 'Hello, I would like to know more about your services.',
};

export const pdfBytes = (size = 1024): Buffer => {
  const head = Buffer.from('%PDF-1.7\n% test file\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
};

/** A POST /api/mail body: the fields (undefined ones left out), then the file when given. */
export async function contactBody(
  fields: Record<string, string | undefined>,
  file?: { data: Buffer; name?: string; type?: string },
) {
  const parts: Part[] = Object.entries(fields)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => [k, v]);
  if (file)
    parts.push([
      'file',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/pdf' }),
      file.name ?? 'cv.pdf',
    ]);
  return multipart(parts);
}
