import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body with one file part, as a browser sends an upload form, and text fields before it (a
 * file check's token).
 */
export function multipartFile(
  field: string,
  fileName: string,
  content: Buffer | string,
  fields: Record<string, string> = {},
) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
