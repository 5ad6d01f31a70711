import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiCall } from './api-call';
import { repoRoot } from './repo';

/**
 * The data dir recorded before the game-module seam (apps/server/fixtures/data-dir-v1): the match
 * and staff it was recorded with, and what the server and CLI read from it. The recording script
 * (scripts/record-data-dir-fixture.ts) writes the summary; the e2e spec reads it back from a copy
 * and expects the same, so an event catalog change that misreads old logs fails there.
 */
export const FIXTURE_DIR = join(repoRoot, 'apps/server/fixtures/data-dir-v1');
export const FIXTURE_HEADS = join(repoRoot, 'apps/server/fixtures/data-dir-v1.heads.json');
export const FIXTURE_SUMMARY = join(repoRoot, 'apps/server/fixtures/data-dir-v1.summary.json');
export const FIXTURE_MATCH = 'fx_v1_final';
export const FIXTURE_TOKENS = {
  operator: 'fixture-v1-operator-token-01',
  referee: 'fixture-v1-referee-token-001',
  arbiter: 'fixture-v1-arbiter-token-001',
} as const;
export const FIXTURE_TOKENS_SPEC = [
  `operator:t1=${FIXTURE_TOKENS.operator}`,
  `referee=${FIXTURE_TOKENS.referee}`,
  `arbiter=${FIXTURE_TOKENS.arbiter}`,
].join(',');

const cli = join(repoRoot, 'apps/cli/bin/tablecast.js');

/** Runs the built `tablecast` CLI as an operator would; its exit code and output. */
export function tablecast(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [cli, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, EVENTSTORE_URL: '', LOG_LEVEL: 'silent' },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `tablecast verify all --json` on a data dir (and its published heads, when given). */
export function verifyDataDir(
  dataDir: string,
  headsFile?: string,
): { exitCode: number; message: string; events: number | null; streams: number | null } {
  const heads = headsFile === undefined ? [] : ['--heads', headsFile];
  const run = tablecast('verify', 'all', '--json', '--data-dir', dataDir, ...heads);
  const parsed = JSON.parse(run.stdout) as {
    exitCode: number;
    message: string;
    result: { events?: number; streams?: number } | null;
  };
  return {
    exitCode: parsed.exitCode,
    message: parsed.message,
    events: parsed.result?.events ?? null,
    streams: parsed.result?.streams ?? null,
  };
}

/** The match's published head revision in a heads file (`tablecast verify --write-heads`). */
export function matchHeadRevision(headsFile: string): number {
  const { heads } = JSON.parse(readFileSync(headsFile, 'utf8')) as {
    heads: { stream: string; revision: number }[];
  };
  const head = heads.find((h) => h.stream === `match-${FIXTURE_MATCH}`);
  if (head === undefined) throw new Error(`${headsFile} has no head for match-${FIXTURE_MATCH}`);
  return head.revision;
}

/** Waits until the projections have replayed the match to `revision` (a fresh server replays from 0). */
async function caughtUp(get: (path: string) => Promise<unknown>, revision: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const matches = (await get('/api/matches')) as { matchId: string; revision: number }[];
    if (matches.some((m) => m.matchId === FIXTURE_MATCH && m.revision >= revision)) return;
    if (Date.now() > deadline) {
      throw new Error(
        `the projections did not reach revision ${String(revision)}: ${JSON.stringify(matches)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface TimelineEntry {
  readonly revision: number;
  readonly type: string;
}

interface AppealRecordBody {
  readonly appealId: string;
  readonly filed: { readonly handNumber: number };
  readonly ruling: {
    readonly rulingId: string;
    readonly outcome: string;
    readonly remedy?: { readonly kind: string } | null;
  } | null;
}

/**
 * What a server replaying the fixture's log serves: the matches it knows, the match's scoreboard
 * (levels, every deal, the result, as corrected by the keying correction and the rulings), the
 * event types in stream order, and each appeal's ruling. These are derived from the log and the
 * rules, never from how an event is spelled, so they hold across an event's upcasting.
 */
export async function readReplaySummary(url: string, headRevision: number): Promise<unknown> {
  const get = (path: string): Promise<unknown> => apiCall(url, FIXTURE_TOKENS.arbiter, 'GET', path);
  await caughtUp(get, headRevision);
  const timeline = (await get(`/api/matches/${FIXTURE_MATCH}/timeline`)) as TimelineEntry[];
  const appeals = (await get(`/api/matches/${FIXTURE_MATCH}/appeals`)) as AppealRecordBody[];
  return {
    matches: await get('/api/matches'),
    scoreboard: await get(`/api/matches/${FIXTURE_MATCH}/scoreboard`),
    timeline: timeline.map((entry) => `${String(entry.revision)} ${entry.type}`),
    appeals: appeals.map((appeal) => ({
      appealId: appeal.appealId,
      handNumber: appeal.filed.handNumber,
      rulingId: appeal.ruling?.rulingId ?? null,
      outcome: appeal.ruling?.outcome ?? null,
      remedy: appeal.ruling?.remedy?.kind ?? null,
    })),
  };
}
