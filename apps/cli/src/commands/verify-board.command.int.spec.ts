import { boardOrder, dealCommitment } from '@tablecast/doudizhu';
import { SqliteEventLog, type UnsealedEvent } from '@tablecast/event-store';
import { gameModule } from '@tablecast/games';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..', '..');
const bin = join(root, 'apps', 'cli', 'bin', 'tablecast.js');
const BOARD = 'boards_cli-1';
const SALT = 'the-board-salt';
const ORDER = boardOrder('the-board-seed', 0);
const COMMITMENT = dealCommitment(ORDER, SALT);

let n = 0;
/** A Dou Dizhu event of the board as the server stores it: the game's prefix, the board's correlation. */
function stored(type: string, data: unknown, game = 'doudizhu'): UnsealedEvent {
  n += 1;
  return {
    type: `${game}.${type}`,
    data,
    metadata: {
      eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      correlationId: `board:${BOARD}`,
      causationId: null,
      actor: { id: 'referee-1', role: 'referee' },
      recordedAt: '2026-11-28T10:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

/** Two tables dealt the board; `revealed[i]` is table i's revealed order (null: not revealed yet). */
async function logWith(revealed: readonly (readonly string[] | null)[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-verify-board-'));
  const log = new SqliteEventLog({ dataDir: dir });
  for (const [i, order] of revealed.entries()) {
    const events = [
      stored('BoardStarted', { board: 1, firstBidder: 0, startedAt: 0, duplicate: true }),
      stored('DeckCommitted', { board: 1, redeal: 0, commitment: COMMITMENT }),
      ...(order === null ? [] : [stored('DeckRevealed', { board: 1, redeal: 0, salt: SALT, order })]),
    ];
    await log.append(`match-dup_t${String(i + 1)}`, events, 'no_stream');
  }
  await log.close();
  dirs.push(dir);
  return dir;
}

/** Big Two's duplicate boards, as its module (the registry's) deals and commits them. */
const B2 = gameModule('bigtwo').duplicate;
if (B2 === undefined) throw new Error('Big Two deals no duplicate boards');
const B2_ORDER = B2.order('the-b2-board-seed');
const B2_COMMITMENT = B2.commitment(B2_ORDER, SALT);

/** Two Big Two tables dealt the board as a set deals it (no redeal); `revealed` as in `logWith`. */
async function b2LogWith(revealed: readonly (readonly string[] | null)[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-verify-board-'));
  const log = new SqliteEventLog({ dataDir: dir });
  for (const [i, order] of revealed.entries()) {
    const events = [
      stored('BoardStarted', { board: 1, startedAt: 0, duplicate: true }, 'bigtwo'),
      stored('DeckCommitted', { board: 1, commitment: B2_COMMITMENT }, 'bigtwo'),
      ...(order === null ? [] : [stored('DeckRevealed', { board: 1, salt: SALT, order }, 'bigtwo')]),
    ];
    await log.append(`match-b2_t${String(i + 1)}`, events, 'no_stream');
  }
  await log.close();
  dirs.push(dir);
  return dir;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function verifyBoard(...args: string[]): { status: number | null; stdout: string } {
  const run = spawnSync(process.execPath, [bin, 'verify-board', ...args], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout };
}

beforeAll(() => {
  execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: root, stdio: 'inherit' });
}, 120_000);

describe('tablecast verify-board (DDZ-GEN-1)', () => {
  it('exits 0 when every table committed to the one commitment and its reveal hashes to it', async () => {
    const dir = await logWith([ORDER, ORDER]);
    const run = verifyBoard(BOARD, '--data-dir', dir, '--commitment', COMMITMENT);
    expect(run.stdout).toContain(`board ${BOARD} verified: 2 table(s), 2 deal(s), commitment ${COMMITMENT}`);
    expect(run.status).toBe(0);
  });

  it('exits 1 naming the table whose revealed order was tampered with, or whose deal is not revealed yet', async () => {
    const tampered = [ORDER[1], ORDER[0], ...ORDER.slice(2)].filter((c) => c !== undefined);
    const bad = verifyBoard(BOARD, '--data-dir', await logWith([ORDER, tampered]));
    expect(bad.stdout).toContain('NOT verified');
    expect(bad.stdout).toContain('table dup_t2: deal 0: sha256(order + salt) is not its commitment');
    expect(bad.stdout).not.toContain('table dup_t1');
    expect(bad.status).toBe(1);
    const early = verifyBoard(BOARD, '--data-dir', await logWith([ORDER, null]));
    expect(early.stdout).toContain('table dup_t2: deal 0 is not revealed yet');
    expect(early.status).toBe(1);
    const other = verifyBoard(
      BOARD,
      '--data-dir',
      await logWith([ORDER, ORDER]),
      '--commitment',
      '0'.repeat(64),
    );
    expect(other.stdout).toContain("not the board's");
    expect(other.status).toBe(1);
  });

  it('B2-GEN-1: verifies a Big Two board the same way, by the Big Two module’s audit and commitment', async () => {
    const run = verifyBoard(
      BOARD,
      '--data-dir',
      await b2LogWith([B2_ORDER, B2_ORDER]),
      '--commitment',
      B2_COMMITMENT,
    );
    expect(run.stdout).toContain(
      `board ${BOARD} verified: 2 table(s), 2 deal(s), commitment ${B2_COMMITMENT}`,
    );
    expect(run.status).toBe(0);
    const tampered = [B2_ORDER[1], B2_ORDER[0], ...B2_ORDER.slice(2)].filter((c) => c !== undefined);
    const bad = verifyBoard(BOARD, '--data-dir', await b2LogWith([B2_ORDER, tampered]));
    expect(bad.stdout).toContain('table b2_t2: deal 0: sha256(order + salt) is not its commitment');
    expect(bad.stdout).not.toContain('table b2_t1');
    expect(bad.status).toBe(1);
    const early = verifyBoard(BOARD, '--data-dir', await b2LogWith([B2_ORDER, null]));
    expect(early.stdout).toContain('table b2_t2: deal 0 is not revealed yet');
    expect(early.status).toBe(1);
  });

  it('exits 2 when there is nothing to check', async () => {
    const dir = await logWith([ORDER]);
    expect(verifyBoard('boards_none-1', '--data-dir', dir).status).toBe(2);
    const empty = mkdtempSync(join(tmpdir(), 'tablecast-verify-board-'));
    dirs.push(empty);
    expect(verifyBoard(BOARD, '--data-dir', empty).status).toBe(2);
  });

  it('--server: takes the server’s record but computes every hash itself, so a record that claims a tampered order matches fails', async () => {
    const tampered = [ORDER[1], ORDER[0], ...ORDER.slice(2)].filter((c) => c !== undefined);
    const deal = (order: readonly string[]) => ({
      redeal: 0,
      committed: COMMITMENT,
      revealed: { order, salt: SALT },
      // What the server says; the command must not believe it.
      matches: true,
    });
    const tables = [
      { matchId: 'dup_t1', deals: [deal(ORDER)] },
      { matchId: 'dup_t2', deals: [deal(tampered)] },
    ];
    const b2 = (order: readonly string[]) => ({ ...deal(order), committed: B2_COMMITMENT });
    const records = new Map<string, unknown>([
      [`/api/boards/${BOARD}/verify`, { game: 'doudizhu', tables }],
      [
        '/api/boards/boards_b2-1/verify',
        { game: 'bigtwo', tables: [{ matchId: 'b2_t1', deals: [b2(B2_ORDER)] }] },
      ],
      ['/api/boards/boards_gd-1/verify', { game: 'guandan', tables }],
    ]);
    const server: Server = createServer((request, response) => {
      const record = records.get(request.url ?? '');
      response.writeHead(record === undefined ? 404 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(record ?? { message: 'no board' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [bin, 'verify-board', ...args]).then(
        (ok) => ({ status: 0, stdout: ok.stdout }),
        (error: unknown) => {
          const failed = error as { code?: number; stdout?: string };
          return { status: failed.code, stdout: failed.stdout ?? '' };
        },
      );
    try {
      const bad = await run(BOARD, '--server', url);
      expect(bad.stdout).toContain('table dup_t2: deal 0: sha256(order + salt) is not its commitment');
      expect(bad.status).toBe(1);
      expect((await run('boards_none-1', '--server', url)).status).toBe(2);
      // A Big Two record is hashed by the Big Two module; a game without duplicate boards is not checked.
      const big = await run('boards_b2-1', '--server', url);
      expect(big.stdout).toContain(
        `board boards_b2-1 verified: 1 table(s), 1 deal(s), commitment ${B2_COMMITMENT}`,
      );
      expect(big.status).toBe(0);
      const guandan = await run('boards_gd-1', '--server', url);
      expect(guandan.stdout).toContain('deals no duplicate boards');
      expect(guandan.status).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
