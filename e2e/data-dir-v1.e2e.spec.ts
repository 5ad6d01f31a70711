import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FIXTURE_DIR,
  FIXTURE_HEADS,
  FIXTURE_SUMMARY,
  FIXTURE_TOKENS_SPEC,
  matchHeadRevision,
  readReplaySummary,
  verifyDataDir,
} from './support/data-dir-summary';
import { startServerProcess, type ServerProcess } from './support/server-process';

/**
 * A data dir written before the game-module seam still reads: the built CLI verifies its hash
 * chain against the heads published when it was recorded, and the built server, opening a copy
 * on the embedded default, replays it (deals, tribute, plays, a warning, a confirmed keying
 * correction, two rulings that wrote ResultCorrected) to exactly the read models it served then.
 * The fixture and the expected summary are recorded by scripts/record-data-dir-fixture.ts.
 */
interface ExpectedSummary {
  readonly verify: { readonly exitCode: number; readonly events: number; readonly streams: number };
  readonly replay: unknown;
}

const expected = JSON.parse(readFileSync(FIXTURE_SUMMARY, 'utf8')) as ExpectedSummary;
const LOG = 'events.sqlite';

const copies: string[] = [];
let server: ServerProcess | undefined;

/** A copy of the fixture's data dir: the committed files are evidence and are never opened in place. */
function copyOfFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-data-dir-v1-'));
  copies.push(dir);
  copyFileSync(join(FIXTURE_DIR, LOG), join(dir, LOG));
  return dir;
}

afterEach(async () => {
  await server?.stop();
  server = undefined;
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data dir recorded before the game-module seam', () => {
  it('verifies against its published heads, and a server replays it to the recorded read models', async () => {
    const dataDir = copyOfFixture();
    const verified = verifyDataDir(dataDir, FIXTURE_HEADS);
    expect(verified.message).toMatch(/^hash chain intact: .*3 published head\(s\) present/);
    expect({ exitCode: verified.exitCode, events: verified.events, streams: verified.streams }).toEqual(
      expected.verify,
    );
    server = await startServerProcess({ TABLECAST_TOKENS: FIXTURE_TOKENS_SPEC, TABLECAST_DATA_DIR: dataDir });
    expect(await readReplaySummary(server.url, matchHeadRevision(FIXTURE_HEADS))).toEqual(expected.replay);
  });

  it('fails verification when one byte of one event is changed on disk', () => {
    const dataDir = copyOfFixture();
    const file = join(dataDir, LOG);
    const bytes = readFileSync(file);
    // The referee's warning (GD-PEN-14) carries this note; one letter of it is changed in place.
    const at = bytes.indexOf('gesture to partner');
    expect(at).toBeGreaterThan(0);
    bytes[at] = 'G'.charCodeAt(0);
    writeFileSync(file, bytes);
    const verified = verifyDataDir(dataDir, FIXTURE_HEADS);
    expect(verified.exitCode).toBe(1);
    expect(verified.message).toMatch(
      /^hash chain BROKEN at match-fx_v1_final@\d+ \(position \d+\): hash-mismatch/,
    );
  });
});
