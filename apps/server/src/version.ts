import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let cached: string | undefined;

/** The server's version from apps/server/package.json (the same file from src/ and dist/). */
export function serverVersion(): string {
  cached ??= (JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string })
    .version;
  return cached;
}
