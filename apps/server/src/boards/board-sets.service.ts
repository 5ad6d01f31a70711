import { Inject, Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@tablecast/event-store';
import { matchStream, storedEventType, type NewEvent, type TablecastEvent } from '@tablecast/events';
import type { BoardResult, GameCommand } from '@tablecast/game-kit';
import { duplicateGames, duplicateOf, duplicateOfGame } from './board-games';
import { mayOperateTable, type Principal } from '../auth/roles';
import { CLOCK, ENTROPY, newRecordId, type Clock, type Entropy } from '../clock/clock';
import { RequestValidationError } from '../errors';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { CommandForbiddenError, RuleViolationError, StaleRevisionError } from '../matches/match.errors';
import { BoardFileWriteError, BoardNotFoundError } from './board-errors';
import type { BoardSetCreated, CreateBoards, DealBoardRequest } from './board-requests';
import { BoardReveals } from './board-reveals.service';
import type { BoardSetStore } from './board-set-store';
import { verifyBoard, type BoardVerification, type TableCommitment } from './board-verification';
import { BOARD_SET_STORE } from './boards.tokens';
import { deriveRoundBoards, seedCommitment, type RoundSetRecipe } from './round-board-seeds';
import { sealBoard, sealedOrder, type DealtTable, type SealedBoard } from './sealed-board';

/** A round's board set as created (TRN-MP-1): its boards' public faces and its seed's commitment. */
export interface RoundSetCreated {
  readonly set: string;
  readonly seedCommitment: string;
  readonly boards: readonly { id: string; number: number; commitment: string }[];
}

/** A deal of a set's board at a table, decided by the caller in the match's queue, then recorded here. */
export interface TableDeal {
  readonly command: GameCommand;
  /** Records the deal at the table and lifts the board's hold if it was the last declared table. */
  /** `revision`: the match's revision after the deal (named in a refusal of the board file's record). */
  readonly dealt: (revision: number) => Promise<void>;
}

/**
 * Who says which board a table plays next: a tournament round's table plays its set's boards in
 * order (TRN-MP-1). It throws a RuleViolationError for a board the table may not be dealt.
 */
export type TableBoardGuard = (boardId: string, matchId: string) => Promise<void>;

export interface BoardDealt {
  readonly board: string;
  readonly matchId: string;
  readonly revision: number;
  readonly commitment: string;
}

export interface BoardResults {
  readonly board: string;
  readonly commitment: string;
  /** Each table the board was dealt at, with its result once it has played the board. */
  readonly tables: readonly { matchId: string; table: string; result: BoardResult | null }[];
}

/**
 * Duplicate boards (DDZ-GEN-1, B2-GEN-1), for every game whose module deals them: a set of seeded boards whose seeds and salts are kept sealed in the
 * data dir (boards.sqlite, so a restart deals the same boards), dealt at any number of tables
 * through the match's command path, so every table gets the identical deal and publishes the same
 * commitment. The deal is revealed at every table once every table dealt the board has played it
 * (BoardReveals), never at one table's board end while another still plays the cards.
 */
@Injectable()
export class BoardSets {
  private guard: TableBoardGuard | null = null;

  constructor(
    private readonly matches: MatchCommandService,
    private readonly reveals: BoardReveals,
    @Inject(BOARD_SET_STORE) private readonly sets: BoardSetStore,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENTROPY) private readonly entropy: Entropy,
  ) {}

  create(request: CreateBoards): BoardSetCreated {
    const games = duplicateGames();
    if (!games.includes(request.game)) {
      throw new RequestValidationError([
        {
          path: 'game',
          message: `duplicate boards are dealt for ${games.join(', ')}, not "${request.game}"`,
        },
      ]);
    }
    const duplicate = duplicateOfGame(request.game);
    const set = newRecordId(this.entropy, 'boards');
    const declared = request.tables ?? null;
    const boards = Array.from({ length: request.boards }, (_, i) =>
      sealBoard(duplicate, {
        id: `${set}-${String(i + 1)}`,
        set,
        game: request.game,
        number: i + 1,
        seed: this.entropy.token(16),
        salt: this.entropy.token(32),
        declared,
      }),
    );
    this.sets.addSet(set, boards, declared);
    return {
      set,
      game: request.game,
      ...(declared === null ? {} : { tables: declared }),
      boards: boards.map((b) => ({ id: b.id, number: b.number, commitment: b.commitment })),
    };
  }

  /** The tournament's check of each board dealt at one of its tables (TRN-MP-1). */
  guardTables(guard: TableBoardGuard): void {
    this.guard = guard;
  }

  /**
   * A tournament round's board set (TRN-MP-1): `boards` boards derived from a fresh seed of the
   * server's (sealed here, its commitment public), declaring the comparison set's tables. Created
   * once: a start begun again (after a crash between creating the set and recording it) gets the
   * same set back, never a second deal of the round.
   */
  createRoundSet(request: Omit<RoundSetRecipe, 'seed'>): RoundSetCreated {
    // Checked and written in one transaction: two api processes starting the round make one set.
    const { seed, boards } = this.sets.roundSetOnce(request.set, request.declared, () => {
      const fresh = this.entropy.token(32);
      return {
        seed: fresh,
        boards: deriveRoundBoards(duplicateOfGame(request.game), { ...request, seed: fresh }),
      };
    });
    return roundSetCreated(request.set, seed, boards);
  }

  /**
   * The command that deals a set's board at a match, for the caller to decide in the match's queue
   * (a table's own DealBoard, TRN-MP-1), and the record of the deal once it is written.
   */
  tableDeal(boardId: string, match: { readonly matchId: string; readonly table: string }): TableDeal {
    const board = this.board(boardId);
    const now = this.clock.now();
    return {
      command: this.dealCommand(board, now),
      dealt: async (revision) => {
        this.recordTable(boardId, { matchId: match.matchId, table: match.table, dealtAt: now }, revision);
        await this.reveals.afterDeal(boardId);
      },
    };
  }

  /**
   * The crash window between the two stores: a table's deal is written to the match's log first,
   * then recorded here (boards.sqlite); a server stopped between the two leaves a deal the match
   * accepted that the board store does not know, and the table would be offered that board again.
   * The match's log is the truth: each board of the set whose first deal the match committed to
   * (its DeckCommitted carries the board's commitment) and that is not recorded at the match is
   * recorded now, stamped with this moment (never before the deal, so a hold is lifted no earlier
   * than it would have been). Recording is idempotent (once per board and match). Answers the
   * boards recorded, for `settle` once the match's queue lets go.
   */
  async recordDealsFoundAt(
    set: string,
    match: { readonly matchId: string; readonly table: string },
  ): Promise<string[]> {
    const missing = this.sets.boardsOf(set).filter((b) => !b.tables.some((t) => t.matchId === match.matchId));
    if (missing.length === 0) return [];
    const found: string[] = [];
    const log = await this.logOf(missing[0]?.game ?? '', match.matchId);
    for (const board of missing) {
      const first = duplicateOfGame(board.game)
        .audit(log, board.number)
        .find((d) => d.redeal === 0);
      if (first?.committed !== board.commitment) continue;
      this.sets.addTable(board.id, { ...match, dealtAt: this.clock.now() });
      found.push(board.id);
    }
    return found;
  }

  /** The round sets a table has yet to be recorded at for some board: where a restart looks for deals the store missed. */
  roundSetsAwaitingTables(): string[] {
    return this.sets.roundSetsAwaitingTables();
  }

  /**
   * What a newly recorded deal makes due: the board's broadcast hold lifted, its reveal written;
   * owed (tried again in the background) when the log refuses it, never thrown: the deal is written.
   */
  async settle(boardId: string): Promise<void> {
    await this.reveals.afterDeal(boardId, true);
  }

  /** The seed a round's set was derived from (sealed; RoundSeedRelease publishes it once the set is played). */
  roundSetSeed(set: string): string | null {
    return this.sets.setSeed(set);
  }

  /** The boards of a set in order (the public face, with the tables each was dealt at). */
  boardsOf(set: string): readonly SealedBoard[] {
    return this.sets.boardsOf(set);
  }

  /**
   * Deals the board at the match's table: the match's module decides the deal with the board's
   * seed and salt (which never leave the server), marked duplicate so the table's board end does
   * not reveal it, and its events are appended at the revision the sender saw, in the match's
   * queue like any command. A board already revealed (or closed) is dealt nowhere any more.
   */
  async deal(boardId: string, request: DealBoardRequest, principal: Principal): Promise<BoardDealt> {
    const board = this.board(boardId);
    const match = await this.matches.read(request.matchId);
    if (match.game !== board.game) {
      throw new RequestValidationError([
        {
          path: 'matchId',
          message: `match ${request.matchId} is a ${match.game} match; board ${boardId} is ${board.game}`,
        },
      ]);
    }
    if (principal.role !== 'referee' && !mayOperateTable(principal, match.table)) {
      throw new CommandForbiddenError(`${principal.actorId} may not deal at table ${match.table}`);
    }
    if (board.declared !== null && !board.declared.includes(match.table)) {
      throw new RequestValidationError([
        {
          path: 'matchId',
          message: `match ${request.matchId} is at table ${match.table}, not one of the tables board ${boardId}'s set declares (${board.declared.join(', ')})`,
        },
      ]);
    }
    // Sent again after the board file refused its record (or a crash between the two stores): the
    // deal is in the log, and is recorded and answered, never dealt twice.
    const recorded = await this.dealWritten(board, request, match.table);
    if (recorded !== undefined) return recorded;
    await this.guard?.(boardId, request.matchId);
    if (await this.reveals.due(board)) {
      throw new RuleViolationError(
        `${match.module.rules.rulePrefix}GEN-1`,
        `board ${boardId} is closed or its deal is revealed: it can no longer be dealt`,
        `牌副 ${boardId} 已关闭或已公开牌序，不能再发牌`,
      );
    }
    const now = this.clock.now();
    const command = this.dealCommand(board, now, duplicateOf(match.module));
    const metadata = {
      correlationId: `board:${boardId}`,
      causationId: dealCausation(boardId, request.matchId),
      actor: { id: principal.actorId, role: principal.role },
    };
    const written = await this.matches.writeAgainstLog(
      request.matchId,
      request.revision ?? match.revision,
      {
        // The board dealt at this table, decided on the revision the sender saw.
        write: ['board-deal', boardId, request.matchId],
        // A resend (its answer lost) names the revision the deal was written against: answered
        // with that deal. Without one it is no resend but another deal (DDZ-DEAL-1 refuses it).
        recorded: (log) =>
          request.revision === undefined ? undefined : dealtBefore(log, metadata, request.revision),
      },
      (log) => {
        // The match was read before the queue: another command in between moves the log past it.
        if (log.length - 1 !== match.revision)
          throw new StaleRevisionError(request.matchId, match.revision, log.length - 1);
        const decision = match.module.decide(command, match.state);
        if (!decision.ok) throw RuleViolationError.of(decision);
        const events = decision.events.map((event) => ({
          type: storedEventType(match.module.id, event.type),
          data: event.data,
          metadata,
        })) as unknown as readonly NewEvent<TablecastEvent>[];
        return { events, result: { revision: log.length - 1 + events.length } };
      },
    );
    // A resend whose deal the first try wrote records the table here unless the board's follower
    // has already found the deal in the log; recording is once per board and match.
    const revision = written.result.revision;
    this.recordTable(boardId, { matchId: request.matchId, table: match.table, dealtAt: now }, revision);
    // The last declared table dealt: the hold on every table's broadcast is lifted from now. The
    // deal is written: a lift the log refuses is owed, and the request is answered with the deal.
    await this.reveals.afterDeal(boardId);
    return {
      board: boardId,
      matchId: request.matchId,
      revision,
      commitment: board.commitment,
    };
  }

  /**
   * The board's deal this endpoint wrote at the match (its events caused by `board:<id>:<match>`),
   * answered as it was if the request is the one that wrote it (its revision the one before the
   * deal) or if the board file has not recorded it (recorded now); undefined when neither.
   */
  private async dealWritten(
    board: SealedBoard,
    request: DealBoardRequest,
    table: string,
  ): Promise<BoardDealt | undefined> {
    const causation = dealCausation(board.id, request.matchId);
    const log = await this.store.readStream(matchStream(request.matchId));
    const first = log.findIndex((e) => e.metadata.causationId === causation);
    if (first < 0) return undefined;
    let last = first;
    while (log[last + 1]?.metadata.causationId === causation) last += 1;
    const recorded = board.tables.some((t) => t.matchId === request.matchId);
    if (recorded && request.revision !== first - 1) return undefined;
    if (!recorded) {
      // Stamped now, never before the deal: a hold is lifted no earlier than it would have been.
      this.recordTable(board.id, { matchId: request.matchId, table, dealtAt: this.clock.now() }, last);
      await this.reveals.afterDeal(board.id);
    }
    return { board: board.id, matchId: request.matchId, revision: last, commitment: board.commitment };
  }

  /** The deal's record in the board file; a refusal is a 503 that names the deal already written. */
  private recordTable(boardId: string, table: DealtTable, revision: number): void {
    try {
      this.sets.addTable(boardId, table);
    } catch (error) {
      throw new BoardFileWriteError(boardId, table.matchId, revision, error);
    }
  }

  /** The organiser closes the board: its deal is revealed at every table that has played it. */
  async close(boardId: string): Promise<BoardVerification> {
    const board = this.board(boardId);
    const now = this.clock.now();
    this.sets.close(boardId, now);
    await this.reveals.liftIfDue(boardId, now);
    await this.reveals.revealIfDue(boardId);
    return this.verify(board.id);
  }

  /** Each table's result of the board (its module's BoardResult), the input of the duplicate comparison. */
  async results(boardId: string): Promise<BoardResults> {
    const board = this.board(boardId);
    const tables = await Promise.all(
      board.tables.map(async (t) => ({ ...t, result: await this.reveals.resultAt(board, t.matchId) })),
    );
    return { board: board.id, commitment: board.commitment, tables };
  }

  /**
   * Every table's DeckCommitted against the one commitment, and every deal its log reveals against
   * its own commitment: what a viewer checks, read from the tables' logs, never from the seal.
   */
  async verify(boardId: string): Promise<BoardVerification> {
    this.board(boardId);
    // A reveal that is due (the last table has just ended the board) is written first, so an
    // answer never shows a board played everywhere as unrevealed; it is the set's, written once.
    await this.reveals.revealIfDue(boardId);
    const board = this.board(boardId);
    const tables = await Promise.all(board.tables.map((t) => this.recordAt(board, t.matchId, t.table)));
    return verifyBoard(board, tables, duplicateOfGame(board.game));
  }

  /** Every board of the set, verified (DDZ-GEN-1). */
  async verifySet(set: string): Promise<BoardVerification[]> {
    const boards = this.sets.boardsOf(set);
    if (boards.length === 0) throw new BoardNotFoundError(set);
    return Promise.all(boards.map((b) => this.verify(b.id)));
  }

  /**
   * The board's order, not its seed: the deal event reaches the broadcast whole after its delay,
   * and the seed stays in the seal (a redeal is derived from the salt, the same at every table).
   */
  private dealCommand(board: SealedBoard, now: number, duplicate = duplicateOfGame(board.game)): GameCommand {
    return duplicate.dealCommand(
      {
        number: board.number,
        order: sealedOrder(board, duplicate),
        salt: board.salt,
        held: board.declared !== null,
      },
      now,
    );
  }

  private board(boardId: string): SealedBoard {
    const board = this.sets.board(boardId);
    if (board === null) throw new BoardNotFoundError(boardId);
    return board;
  }

  /** A match's events of the game, as its module names them (for the module's deal audit). */
  private async logOf(game: string, matchId: string): Promise<{ type: string; data: unknown }[]> {
    const prefix = `${game}.`;
    return (await this.store.readStream(matchStream(matchId)))
      .filter((e) => e.type.startsWith(prefix))
      .map((e) => ({ type: e.type.slice(prefix.length), data: e.data }));
  }

  private async recordAt(board: SealedBoard, matchId: string, table: string): Promise<TableCommitment> {
    const events = await this.logOf(board.game, matchId);
    const deals = duplicateOfGame(board.game).audit(events, board.number);
    return { matchId, table, committed: deals.find((d) => d.redeal === 0)?.committed ?? null, deals };
  }
}

/** What caused a deal this endpoint wrote: the board and the match, one deal of a board per match. */
const dealCausation = (boardId: string, matchId: string): string => `board:${boardId}:${matchId}`;

function roundSetCreated(set: string, seed: string, boards: readonly SealedBoard[]): RoundSetCreated {
  return {
    set,
    seedCommitment: seedCommitment(seed),
    boards: boards.map((b) => ({ id: b.id, number: b.number, commitment: b.commitment })),
  };
}

/**
 * The deal of a board the log holds at a match, written against `revision` (its events carry the
 * deal's correlation and causation ids, in the match's own stream): the revision of its last
 * event, as the first answer gave it; undefined when there is none.
 */
function dealtBefore(
  log: readonly RecordedEvent<TablecastEvent>[],
  deal: { readonly correlationId: string; readonly causationId: string },
  revision: number,
): { readonly revision: number } | undefined {
  const events = log.filter(
    (e) => e.metadata.causationId === deal.causationId && e.metadata.correlationId === deal.correlationId,
  );
  const last = events.at(-1);
  return last === undefined || events[0]?.revision !== revision + 1 ? undefined : { revision: last.revision };
}
