// Multipart bodies as a browser's FormData sends them, for app.inject (posts, images, contact).

export type Part = [name: string, value: string | Blob, filename?: string];

/** A multipart body as a browser's FormData would send it, ready for app.inject. */
export async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename ?? 'upload.bin');
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

/** Bytes as a file part. */
export const file = (data: Buffer, type = 'image/png') => new Blob([new Uint8Array(data)], { type });
