/**
 * Records the data dir fixture (apps/server/fixtures/data-dir-v1) from a REAL server on the
 * embedded default (SQLite): the built server plays a seeded two-deal Guandan match between bots
 * through the HTTP API (deals, tribute, plays), a referee's warning, a keying correction the
 * referee confirms, and two appeals whose rulings write ResultCorrected (a hand's levels
 * replaced, the warning rescinded). Then it stops the server, keeps the event log, publishes its
 * heads with `tablecast verify all --write-heads`, and writes what a server replaying that log
 * serves (e2e/support/data-dir-summary.ts) as the expected summary.
 *
 * The e2e spec data-dir-v1.e2e.spec.ts reads the committed files; tests never run this script.
 * Re-record only on purpose (the fixture is the log as it was written before the game-module
 * seam, and its point is that later code still reads it):
 *
 *   npm run build && npx tsx scripts/record-data-dir-fixture.ts
 */
import type { GuandanState as MatchState } from '@tablecast/games/testing';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { apiCall } from '../e2e/support/api-call';
import {
  FIXTURE_DIR,
  FIXTURE_HEADS,
  FIXTURE_MATCH,
  FIXTURE_SUMMARY,
  FIXTURE_TOKENS,
  FIXTURE_TOKENS_SPEC,
  matchHeadRevision,
  readReplaySummary,
  tablecast,
  verifyDataDir,
} from '../e2e/support/data-dir-summary';
import { startServerProcess, type ServerProcess } from '../e2e/support/server-process';
import { createSimulatedMatch } from '../e2e/support/simulated-match';

const SEED = 'data-dir-v1';
/** The event log is the data; read models, the lock and generated tokens are rebuilt or per run. */
const KEPT = /^events\.sqlite$/;

/** What the script reads of the staff view (`/state`): the revision to send and a pending correction. */
interface StaffState {
  readonly revision: number;
  readonly pendingCorrection: { readonly correctionId: string } | null;
}

async function recordMatch(server: ServerProcess): Promise<void> {
  const { operator, referee, arbiter } = FIXTURE_TOKENS;
  const call = (token: string, method: string, path: string, body?: unknown): Promise<unknown> =>
    apiCall(server.url, token, method, path, body);
  const state = async (): Promise<StaffState> =>
    (await call(referee, 'GET', `/api/matches/${FIXTURE_MATCH}/state`)) as StaffState;
  let key = 0;
  const command = async (token: string, body: unknown): Promise<number> => {
    key += 1;
    const answer = (await call(token, 'POST', `/api/matches/${FIXTURE_MATCH}/commands`, {
      revision: (await state()).revision,
      idempotencyKey: `${FIXTURE_MATCH}.staff.${String(key)}`,
      command: body,
    })) as { revision: number };
    return answer.revision;
  };

  const match = await createSimulatedMatch({
    url: server.url,
    matchId: FIXTURE_MATCH,
    seed: SEED,
    operatorToken: operator,
    refereeToken: referee,
    format: { kind: 'fixedDeals', deals: 2 },
  });
  // Deal 1: a few plays, then the referee's warning (GD-PEN-14).
  const playing = (s: MatchState): boolean => s.hand?.phase === 'play';
  let plays = 0;
  await match.playUntil((s) => playing(s) && (plays += 1) > 6);
  const warned = await match.referee({
    type: 'IssuePenalty',
    seat: 'N',
    sanction: 'warning',
    rule: 'GD-PEN-14',
    note: 'gesture to partner',
  });
  // Two more plays, then the operator says the last one was keyed wrong; the referee confirms.
  const target = await match.playUntil((_, revision) => revision >= warned + 1);
  await match.playUntil((_, revision) => revision >= target.revision + 2);
  await command(operator, {
    type: 'RequestCorrection',
    toRevision: target.revision,
    reason: 'keyed the wrong pair for the last play',
  });
  const pending = (await state()).pendingCorrection;
  if (pending === null) throw new Error('the correction request left no pending correction');
  await command(referee, { type: 'ConfirmCorrection', correctionId: pending.correctionId });
  // The rest of deal 1, deal 2 with its tribute, to the end of the match.
  const ended = await match.playUntil(() => false);
  if (ended.state.status !== 'ended') throw new Error('the match did not end');

  const timeline = (await call(referee, 'GET', `/api/matches/${FIXTURE_MATCH}/timeline`)) as {
    revision: number;
    type: string;
    data: { handNumber?: number; levelsBefore?: { NS: number; EW: number } };
  }[];
  for (const needed of ['TributeGiven', 'TributeReturned', 'PenaltyIssued', 'CorrectionConfirmed']) {
    if (!timeline.some((entry) => entry.type === needed)) throw new Error(`the match has no ${needed}`);
  }
  const penalty = timeline.find((entry) => entry.type === 'PenaltyIssued');
  const firstHand = timeline.find((entry) => entry.type === 'HandEnded');
  if (penalty === undefined || firstHand?.data.levelsBefore === undefined) throw new Error('no hand ended');

  const appeal = async (appealId: string, disputed: number, statement: string): Promise<void> => {
    await call(referee, 'POST', `/api/matches/${FIXTURE_MATCH}/appeals`, {
      appealId,
      handNumber: 1,
      disputedRevisions: [disputed],
      statement,
      language: 'zh-CN',
      appellant: { team: 'NS', captain: '张伟' },
      fee: { amount: 500 },
    });
  };
  const upheld = (rulingId: string, remedy: unknown, reasoning: string): unknown => ({
    rulingId,
    committee: ['chen_gang', 'wang_li', 'zhou_qiang'],
    votes: [
      { memberId: 'chen_gang', vote: 'uphold' },
      { memberId: 'wang_li', vote: 'uphold' },
      { memberId: 'zhou_qiang', vote: 'dismiss' },
    ],
    remedy,
    reasoning,
  });
  // GD-PEN-7: the warning is rescinded (ResultCorrected, effect voided).
  await appeal('fx_ap1', penalty.revision, '北家并未示意同伴，警告不应成立。');
  await call(
    arbiter,
    'POST',
    '/api/appeals/fx_ap1/ruling',
    upheld(
      'fx_r1',
      {
        kind: 'penalty-rescinded',
        penalty: { stream: `match-${FIXTURE_MATCH}`, revision: penalty.revision },
      },
      '录像显示北家没有示意，撤销警告。',
    ),
  );
  // GD-SCORE-1: the first deal's recorded levels are replaced (ResultCorrected, effect replaced).
  const before = firstHand.data.levelsBefore;
  await appeal('fx_ap2', firstHand.revision, '第一副牌的升级记录有误。');
  await call(
    arbiter,
    'POST',
    '/api/appeals/fx_ap2/ruling',
    upheld(
      'fx_r2',
      { kind: 'hand-result-corrected', handNumber: 1, levelsAfter: { NS: before.NS + 1, EW: before.EW } },
      '核对记分表，第一副牌南北方升一级。',
    ),
  );
}

/** JSON as the repository's Prettier writes it, so `npm run lint` passes on the recorded files. */
async function writeJson(file: string, value: unknown): Promise<void> {
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(value), { ...options, filepath: file }));
}

async function main(): Promise<void> {
  const recording = mkdtempSync(join(tmpdir(), 'tablecast-fixture-v1-'));
  const server = await startServerProcess({
    TABLECAST_TOKENS: FIXTURE_TOKENS_SPEC,
    TABLECAST_DATA_DIR: recording,
  });
  try {
    await recordMatch(server);
  } finally {
    await server.stop();
  }
  // The heads are published from the log as the server left it; the file names the fixture's
  // log in the repository's words (the recording's temp path means nothing after it is gone).
  const published = tablecast('verify', 'all', '--data-dir', recording, '--write-heads', FIXTURE_HEADS);
  if (published.status !== 0) throw new Error(`verify failed: ${published.stdout}${published.stderr}`);
  const heads = JSON.parse(readFileSync(FIXTURE_HEADS, 'utf8')) as Record<string, unknown>;
  heads.log = 'SQLite apps/server/fixtures/data-dir-v1/events.sqlite';
  await writeJson(FIXTURE_HEADS, heads);
  rmSync(FIXTURE_DIR, { recursive: true, force: true });
  mkdirSync(FIXTURE_DIR, { recursive: true });
  for (const file of readdirSync(recording)) {
    if (KEPT.test(file)) copyFileSync(join(recording, file), join(FIXTURE_DIR, file));
  }
  rmSync(recording, { recursive: true, force: true });

  // The summary is read the way the spec reads it: from a copy, by a fresh server replaying it.
  const copy = mkdtempSync(join(tmpdir(), 'tablecast-fixture-v1-read-'));
  copyFileSync(join(FIXTURE_DIR, 'events.sqlite'), join(copy, 'events.sqlite'));
  const verified = verifyDataDir(copy, FIXTURE_HEADS);
  const reader = await startServerProcess({
    TABLECAST_TOKENS: FIXTURE_TOKENS_SPEC,
    TABLECAST_DATA_DIR: copy,
  });
  try {
    const summary = {
      verify: { exitCode: verified.exitCode, events: verified.events, streams: verified.streams },
      replay: await readReplaySummary(reader.url, matchHeadRevision(FIXTURE_HEADS)),
    };
    await writeJson(FIXTURE_SUMMARY, summary);
  } finally {
    await reader.stop();
    rmSync(copy, { recursive: true, force: true });
  }
  process.stdout.write(`recorded ${FIXTURE_DIR}: ${String(verified.events)} events; ${verified.message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
