import { auditBoardDeals, dealCommitment, type DealAudit } from '@tablecast/doudizhu';
import { SQLITE_FILE_NAME, SqliteEventLog, type StoredEvent } from '@tablecast/event-store';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface VerifyBoardOptions {
  /** The board's id, as the set gave it (`boards_…-2`). */
  readonly board: string;
  readonly dataDir: string;
  /** A server to ask instead of a data dir: its `/api/boards/:id/verify` record, re-hashed here. */
  readonly server?: string | undefined;
  /** The board's commitment as published when the set was made; every table must have it. */
  readonly commitment?: string | undefined;
}

/** One table's deals of the board, as its log records them. */
export interface TableDeals {
  readonly table: string;
  readonly deals: readonly DealAudit[];
}

export interface VerifyBoardOutcome {
  readonly exitCode: 0 | 1 | 2;
  readonly message: string;
  readonly tables?: readonly TableDeals[];
}

const GAME_PREFIX = 'doudizhu.';

/**
 * `tablecast verify-board` (DDZ-GEN-1): each table's deal of a duplicate board against its
 * commitment, from the record alone: every table committed to the one commitment (the published
 * one, if given), and each deal it committed to is revealed with an order and salt that hash to it.
 * 0 verified; 1 a table or deal fails (named), or not revealed yet; 2 nothing to check.
 */
export async function runVerifyBoard(options: VerifyBoardOptions): Promise<VerifyBoardOutcome> {
  const read =
    options.server === undefined
      ? await fromDataDir(options)
      : await fromServer(options.server, options.board);
  if ('exitCode' in read) return read;
  return judge(options, read);
}

function judge(options: VerifyBoardOptions, tables: readonly TableDeals[]): VerifyBoardOutcome {
  if (tables.length === 0)
    return { exitCode: 2, message: `board ${options.board} was dealt at no table in this record` };
  const problems: string[] = [];
  const first = tables.map((t) => t.deals.find((d) => d.redeal === 0)?.committed ?? null);
  const expected = options.commitment ?? first[0] ?? null;
  tables.forEach((t, i) => {
    if (first[i] !== expected)
      problems.push(
        `table ${t.table}: committed ${first[i] ?? 'nothing'}, not the board's ${expected ?? '?'}`,
      );
    for (const deal of t.deals) {
      if (deal.revealed === null)
        problems.push(`table ${t.table}: deal ${String(deal.redeal)} is not revealed yet`);
      else if (deal.matches !== true)
        problems.push(
          `table ${t.table}: deal ${String(deal.redeal)}: sha256(order + salt) is not its commitment ${deal.committed}`,
        );
    }
  });
  const deals = tables.reduce((n, t) => n + t.deals.length, 0);
  if (problems.length > 0)
    return {
      exitCode: 1,
      message: `board ${options.board} NOT verified:\n  ${problems.join('\n  ')}`,
      tables,
    };
  return {
    exitCode: 0,
    message: `board ${options.board} verified: ${String(tables.length)} table(s), ${String(deals)} deal(s), commitment ${expected ?? ''}`,
    tables,
  };
}

/** The tables' logs in the data dir (read-only): the streams the board was dealt in, by its correlation. */
async function fromDataDir(options: VerifyBoardOptions): Promise<TableDeals[] | VerifyBoardOutcome> {
  const file = join(options.dataDir, SQLITE_FILE_NAME);
  if (!existsSync(file))
    return { exitCode: 2, message: `no event log at ${file} (set --data-dir or TABLECAST_DATA_DIR)` };
  const log = new SqliteEventLog({ dataDir: options.dataDir, readOnly: true });
  try {
    const correlation = `board:${options.board}`;
    const byStream = new Map<string, StoredEvent[]>();
    const numbers = new Map<string, number>();
    for await (const event of log.readAll()) {
      if (!event.stream.startsWith('match-') || !event.type.startsWith(GAME_PREFIX)) continue;
      const events = byStream.get(event.stream) ?? [];
      events.push(event);
      byStream.set(event.stream, events);
      if (event.metadata.correlationId === correlation && event.type === `${GAME_PREFIX}DeckCommitted`) {
        const board = (event.data as { board?: unknown }).board;
        if (typeof board === 'number' && !numbers.has(event.stream)) numbers.set(event.stream, board);
      }
    }
    return [...numbers].map(([stream, number]) => ({
      table: stream.slice('match-'.length),
      deals: auditBoardDeals(
        (byStream.get(stream) ?? []).map((e) => ({ type: e.type.slice(GAME_PREFIX.length), data: e.data })),
        number,
      ),
    }));
  } finally {
    await log.close();
  }
}

interface ServerVerification {
  readonly tables: readonly { readonly matchId: string; readonly deals: readonly DealAudit[] }[];
}

/** The server's record of the board; every hash is computed again here, none taken from it. */
async function fromServer(server: string, board: string): Promise<TableDeals[] | VerifyBoardOutcome> {
  const url = `${server.replace(/\/$/, '')}/api/boards/${encodeURIComponent(board)}/verify`;
  const answer = await fetch(url);
  if (answer.status === 404) return { exitCode: 2, message: `no board ${board} at ${server}` };
  if (!answer.ok) return { exitCode: 2, message: `${url}: HTTP ${String(answer.status)}` };
  const body = (await answer.json()) as ServerVerification;
  return body.tables.map((t) => ({
    table: t.matchId,
    deals: t.deals.map((d) => ({
      ...d,
      matches: d.revealed === null ? null : dealCommitment(d.revealed.order, d.revealed.salt) === d.committed,
    })),
  }));
}
