import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { badRequest, HttpError, tooLarge } from '../../lib/http-error';
import { unknownField } from '../../lib/field-errors';
import { assertMultipartBoundary, truncatedMultipart } from '../../lib/multipart-boundary';
import { partNotJsonNamed, SERVER_MSG } from '@app/shared/messages/server';

/** What a create or update request carries, whether it came as multipart or as JSON. */
export interface PostSubmission {
  /** The post as sent (validated later by the service). */
  post: unknown;
  /** The 'areImagesSelected' flag of the edit screen, when sent. */
  areImagesSelected?: boolean;
  /** The 'imagePaths' parts: existing images to keep, in order. */
  imagePaths: string[];
  /** The 'imageFiles' parts, read into memory (at most LIMITS.imagesPerRequest of LIMITS.imageBytes). */
  files: Buffer[];
  /** The file name each of `files` was sent with (cleaned; 'image {n}' when it had none), for messages. */
  fileNames: string[];
}

const TEXT_PARTS = new Set(['post', 'areImagesSelected', 'imagePaths']);
const TEXT_PART_MAX = 1024 * 1024;

/** Busboy's limit errors become clear 413s (the generic handler would only say "too large"). */
function translate(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(MSG.imageTooLarge);
    case 'FST_FILES_LIMIT':
      return tooLarge(MSG.imagesTooMany);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooLarge(SERVER_MSG.requestTooManyParts);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest(SERVER_MSG.partNotJson);
    default:
      return truncatedMultipart(err);
  }
}

/**
 * A client's file name as it may appear in a message: control characters and path parts gone,
 * at most 100 characters. It is only echoed in the refusal, never used to store anything.
 */
function displayName(name: string | undefined, position: number): string {
  const clean = (name ?? '')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .split(/[\\/]/)
    .pop()!
    .trim();
  return clean ? clean.slice(0, 100) : `image ${position}`;
}

function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(partNotJsonNamed(name));
  }
}

/**
 * Reads the request of POST /api/posts and PUT /api/posts/{id}. Multipart parts may be plain
 * fields or files (some clients send 'post' as a JSON Blob); every part not in the contract is
 * refused. Limits are enforced while streaming, so an oversized file is never read whole.
 */
export async function readPostSubmission(req: FastifyRequest): Promise<PostSubmission> {
  if (!req.isMultipart()) return { post: req.body, imagePaths: [], files: [], fileNames: [] };
  assertMultipartBoundary(req);
  const result: PostSubmission = { post: undefined, imagePaths: [], files: [], fileNames: [] };
  let sawPost = false;

  const accept = (name: string, value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (name === 'post') {
      if (sawPost) throw badRequest(SERVER_MSG.postPartTwice);
      sawPost = true;
      result.post = typeof value === 'string' ? parseJson(name, text) : value;
    } else if (name === 'areImagesSelected') {
      const flag = typeof value === 'boolean' ? value : parseJson(name, text.trim());
      if (typeof flag !== 'boolean') throw badRequest(SERVER_MSG.imagesSelectedNotBoolean);
      result.areImagesSelected = flag;
    } else {
      result.imagePaths.push(text.trim());
    }
  };

  try {
    const parts = req.parts({
      // Files: the images plus room for JSON parts sent as Blobs; the images are counted below.
      limits: { fileSize: LIMITS.imageBytes, files: LIMITS.imagesPerRequest + TEXT_PARTS.size, fields: 200 },
    });
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === 'imageFiles') {
        if (result.files.length >= LIMITS.imagesPerRequest) throw tooLarge(MSG.imagesTooMany);
        const data = await part.toBuffer();
        // An empty file input still sends a nameless, empty part: it means "no file".
        if (data.length === 0 && !part.filename) continue;
        result.files.push(data);
        result.fileNames.push(displayName(part.filename, result.files.length));
      } else if (!TEXT_PARTS.has(part.fieldname)) {
        throw unknownField(part.fieldname);
      } else if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > TEXT_PART_MAX) throw tooLarge(SERVER_MSG.requestTooLarge);
        accept(part.fieldname, data.toString('utf8'));
      } else {
        accept(part.fieldname, part.value);
      }
    }
  } catch (err) {
    throw translate(err);
  }
  if (!sawPost) throw badRequest(SERVER_MSG.postPartRequired, [{ field: 'post', message: MSG.postFillRequired }]);
  return result;
}
