import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { CONTACT_MAX_FILE_BYTES } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { MAIL_FIELDS } from '@app/shared/schemas/contact';
import { KEEP_FOR_FUTURE_FIELD } from '@app/shared/schemas/candidates';
import { badRequest, HttpError, tooLarge, unsupportedType } from '../../lib/http-error';
import { unknownField } from '../../lib/field-errors';
import { assertMultipartBoundary, truncatedMultipart } from '../../lib/multipart-boundary';
import { SERVER_MSG } from '@app/shared/messages/server';

export interface ContactSubmission {
  /** The text fields as sent (validated by the service with the shared schema). */
  fields: Record<string, string>;
  file?: { filename: string; data: Buffer };
}

const TEXT_FIELDS = new Set([
  'fullName',
  'email',
  'phoneNumber',
  'message',
  MAIL_FIELDS.captcha,
  MAIL_FIELDS.vacancyId,
  MAIL_FIELDS.honeypot,
  // The application's consent to be kept for future vacancies (decision 0160).
  KEEP_FOR_FUTURE_FIELD,
]);
const PDF_MAGIC = Buffer.from('%PDF-');
const FIELD_MAX = 64 * 1024;

/**
 * Reads the file while it streams: the first bytes must be a PDF's (whatever the name says) and
 * reading stops as soon as it passes 2 MB, so an oversized or fake file is never held whole.
 */
async function readPdf(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let head = Buffer.alloc(0);
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (head.length < PDF_MAGIC.length) {
      head = Buffer.concat([head, chunk.subarray(0, PDF_MAGIC.length - head.length)]);
      if (head.length === PDF_MAGIC.length && !head.equals(PDF_MAGIC)) throw unsupportedType(MSG.pdfOnly);
    }
    size += chunk.length;
    if (size > CONTACT_MAX_FILE_BYTES) throw tooLarge(MSG.fileTooLarge);
    chunks.push(chunk);
  }
  // Busboy truncates at its own limit instead of failing; treat it as too large.
  if (part.file.truncated) throw tooLarge(MSG.fileTooLarge);
  if (!head.equals(PDF_MAGIC)) throw unsupportedType(MSG.pdfOnly);
  return Buffer.concat(chunks);
}

/** A file name safe for a mail header and a download: no path, no control characters. */
export const safeFilename = (name: string): string => {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 120);
  return base && /\.pdf$/i.test(base) ? base : `${base || 'attachment'}.pdf`.replace(/\.pdf\.pdf$/i, '.pdf');
};

function translate(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(MSG.fileTooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooLarge(SERVER_MSG.requestTooManyParts);
    default:
      return truncatedMultipart(err);
  }
}

/** POST /api/contact (and /api/mail): the contact form's fields, one optional PDF 'file'; unknown parts are refused. */
export async function readContactSubmission(req: FastifyRequest): Promise<ContactSubmission> {
  if (!req.isMultipart()) throw badRequest(SERVER_MSG.contactNotMultipart);
  assertMultipartBoundary(req);
  const result: ContactSubmission = { fields: {} };
  try {
    // One byte over the limit lets the stream reach it, so the 413 is ours and not a silent cut.
    const parts = req.parts({
      limits: { fileSize: CONTACT_MAX_FILE_BYTES + 1, files: 1, fields: 20, fieldSize: FIELD_MAX },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== MAIL_FIELDS.file) throw unknownField(part.fieldname);
        // An empty file input still sends a nameless, empty part: it means "no file".
        if (!part.filename) {
          await part.toBuffer();
          continue;
        }
        result.file = { filename: safeFilename(part.filename), data: await readPdf(part) };
      } else {
        if (!TEXT_FIELDS.has(part.fieldname)) throw unknownField(part.fieldname);
        if (part.valueTruncated) throw tooLarge(SERVER_MSG.requestTooLarge);
        result.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw translate(err);
  }
  return result;
}
