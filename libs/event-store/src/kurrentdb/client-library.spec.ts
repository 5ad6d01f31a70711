import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const tsxLoader = pathToFileURL(createRequire(__filename).resolve('tsx')).href;
const index = join(__dirname, '..', 'index.ts');

/**
 * In a fresh Node process: whether the KurrentDB client library is loaded after importing the
 * event store, and after opening a KurrentDB log with it (opening connects to nothing yet).
 */
function clientLoaded(): { afterImport: boolean; afterOpen: boolean } {
  const script = `
    const loaded = () => Object.keys(require.cache).some((file) => /[\\\\/]@kurrent[\\\\/]kurrentdb-client[\\\\/]/.test(file));
    const { openEventLog } = require(${JSON.stringify(index)});
    const afterImport = loaded();
    const log = openEventLog({ eventstoreUrl: 'kurrentdb://127.0.0.1:1?tls=false', dataDir: '' });
    const afterOpen = loaded();
    log.close().then(() => process.stdout.write(JSON.stringify({ afterImport, afterOpen })));`;
  const out = execFileSync(process.execPath, ['--import', tsxLoader, '-e', script], {
    cwd: join(__dirname, '..', 'testing'),
    encoding: 'utf8',
  });
  return JSON.parse(out) as { afterImport: boolean; afterOpen: boolean };
}

describe('the KurrentDB client library', () => {
  it('loads when a KurrentDB log is opened, not when the event store (SQLite by default) is imported', () => {
    expect(clientLoaded()).toEqual({ afterImport: false, afterOpen: true });
  });
});
