import sharp from 'sharp';

/** A multipart/form-data body with one file part, ready for `ctx.request`. */
export function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----prueba${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A solid PNG of `width` × `height`. */
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

/**
 * Multipart bodies the parser cannot finish, for `ctx.request` (issue #18's fuzzing found
 * them answered 500): `body` cut short in its file, and a body without its boundary.
 */
export function brokenMultiparts(body: { payload: Buffer; headers: Record<string, string> }) {
  return [
    { headers: body.headers, payload: body.payload.subarray(0, body.payload.length - 40) },
    { headers: body.headers, payload: Buffer.from('no es un formulario') },
    { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nroto' },
  ];
}
