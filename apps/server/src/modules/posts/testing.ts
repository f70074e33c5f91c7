// Test support for the posts and images tests: multipart bodies and generated images.
import sharp from 'sharp';

export type Part = [name: string, value: string | Blob, filename?: string];

/** A multipart body as a browser's FormData would send it, ready for app.inject. */
export async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename ?? 'upload.bin');
  }
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

export const png = (width: number, height: number, background: sharp.RGBA = { r: 200, g: 30, b: 40, alpha: 1 }) =>
  sharp({ create: { width, height, channels: 4, background } }).png().toBuffer();

export const file = (data: Buffer, type = 'image/png') => new Blob([new Uint8Array(data)], { type });

export const postJson = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'A title', content: 'Long enough content.', postedBy: 'Tester', tags: ['one'], ...over });
