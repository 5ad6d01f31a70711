import { SQLITE_FILE_NAME, SqliteEventLog, type StoredEvent } from '@tablecast/event-store';
import { GAMES } from '@tablecast/games';
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

/** A game's duplicate-boards capability (`GameModule.duplicate`), as the registry holds it. */
type Duplicate = NonNullable<NonNullable<ReturnType<typeof GAMES.get>>['duplicate']>;
/** One deal of the board at one table, as its log records it. */
export type DealAudit = ReturnType<Duplicate['audit']>[number];

/** The duplicate-boards capability of a registered game; null for a game that deals no duplicate boards. */
function duplicateOf(game: string): Duplicate | null {
  return GAMES.get(game)?.duplicate ?? null;
}

/**
 * `tablecast verify-board` (DDZ-GEN-1, B2-GEN-1): each table's deal of a duplicate board against its
 * commitment, from the record alone: every table committed to the one commitment (the published
 * one, if given), and each deal it committed to is revealed with an order and salt that hash to it.
 * Any game whose module deals duplicate boards (`GameModule.duplicate`) is read by that module.
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

/** The game of a match event (its type's prefix) when that game deals duplicate boards. */
function gameOf(event: StoredEvent): { duplicate: Duplicate; type: string } | null {
  const dot = event.type.indexOf('.');
  if (!event.stream.startsWith('match-') || dot < 0) return null;
  const duplicate = duplicateOf(event.type.slice(0, dot));
  return duplicate === null ? null : { duplicate, type: event.type.slice(dot + 1) };
}

/** The tables' logs in the data dir (read-only): the streams the board was dealt in, by its correlation. */
async function fromDataDir(options: VerifyBoardOptions): Promise<TableDeals[] | VerifyBoardOutcome> {
  const file = join(options.dataDir, SQLITE_FILE_NAME);
  if (!existsSync(file))
    return { exitCode: 2, message: `no event log at ${file} (set --data-dir or TABLECAST_DATA_DIR)` };
  const log = new SqliteEventLog({ dataDir: options.dataDir, readOnly: true });
  try {
    const correlation = `board:${options.board}`;
    const byStream = new Map<string, { type: string; data: unknown }[]>();
    const dealt = new Map<string, { duplicate: Duplicate; number: number }>();
    for await (const event of log.readAll()) {
      const of = gameOf(event);
      if (of === null) continue;
      // A match plays one game: its game's events, unprefixed, are what that game's module audits.
      const events = byStream.get(event.stream) ?? [];
      events.push({ type: of.type, data: event.data });
      byStream.set(event.stream, events);
      if (event.metadata.correlationId === correlation && of.type === 'DeckCommitted') {
        const board = (event.data as { board?: unknown }).board;
        if (typeof board === 'number' && !dealt.has(event.stream))
          dealt.set(event.stream, { duplicate: of.duplicate, number: board });
      }
    }
    return [...dealt].map(([stream, { duplicate, number }]) => ({
      table: stream.slice('match-'.length),
      deals: duplicate.audit(byStream.get(stream) ?? [], number),
    }));
  } finally {
    await log.close();
  }
}

interface ServerVerification {
  /** The board set's game: its module's commitment is the hash computed here. */
  readonly game?: string;
  readonly tables: readonly { readonly matchId: string; readonly deals: readonly DealAudit[] }[];
}

/** The server's record of the board; every hash is computed again here, none taken from it. */
async function fromServer(server: string, board: string): Promise<TableDeals[] | VerifyBoardOutcome> {
  const url = `${server.replace(/\/$/, '')}/api/boards/${encodeURIComponent(board)}/verify`;
  const answer = await fetch(url);
  if (answer.status === 404) return { exitCode: 2, message: `no board ${board} at ${server}` };
  if (!answer.ok) return { exitCode: 2, message: `${url}: HTTP ${String(answer.status)}` };
  const body = (await answer.json()) as ServerVerification;
  const duplicate = duplicateOf(body.game ?? '');
  if (duplicate === null)
    return {
      exitCode: 2,
      message: `${url}: the record's game ${JSON.stringify(body.game ?? null)} deals no duplicate boards here`,
    };
  return body.tables.map((t) => ({
    table: t.matchId,
    deals: t.deals.map((d) => ({
      ...d,
      matches:
        d.revealed === null ? null : duplicate.commitment(d.revealed.order, d.revealed.salt) === d.committed,
    })),
  }));
}
