import type { RawData } from 'ws';

/** Decodes a `ws` frame (Buffer, fragment list or ArrayBuffer) as UTF-8 text. */
export function rawDataToText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
