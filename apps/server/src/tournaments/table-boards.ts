import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import type { TableBoardsView } from '@tablecast/protocol';
import type { RoundState, SeatedTableState } from '@tablecast/tournament';
import { BoardSets } from '../boards/board-sets.service';
import type { SealedBoard } from '../boards/sealed-board';
import { MatchCommandService, type AssignedDeals } from '../matches/match-command.service';
import { RuleViolationError } from '../matches/match.errors';
import { TournamentService } from './tournament.service';

/** A round's table match: `<event>.r<round>.t<table>` (round-start.ts names them so). */
const TABLE_MATCH = /^(.+)\.r(\d+)\.t(\d+)$/;

/** A round's board set: `<event>.r<round>.g<group>` or `<event>.r<round>.boards` (roundBoardSetId). */
const ROUND_SET = /^(.+)\.r(\d+)\.(?:g\d+|boards)$/;

/** What a table has played of its board set (TRN-MP-1): the set, its size, the boards dealt there in order. */
export interface TableBoardsRead {
  readonly set: string;
  readonly total: number;
  readonly dealt: readonly { readonly id: string; readonly number: number; readonly commitment: string }[];
  /** The number of the board the table plays next; null once it has been dealt every board of the set. */
  readonly next: number | null;
}

/**
 * A duplicate round's tables play the boards of their set, in order (TRN-MP-1: the same boards in
 * the same seats at every table of a comparison set). A table's own DealBoard deals its set's next
 * board instead of a fresh shuffle, and a board dealt through the board sets must be that one too;
 * anything else is refused with TRN-MP-1 (422). A match that is not a started round's table with a
 * set deals as it always did.
 */
@Injectable()
export class TableBoards implements OnModuleInit, OnApplicationBootstrap, AssignedDeals {
  private readonly logger = new Logger(TableBoards.name);

  constructor(
    private readonly tournaments: TournamentService,
    private readonly boards: BoardSets,
    private readonly matches: MatchCommandService,
  ) {}

  onModuleInit(): void {
    this.matches.useAssignedDeals(this);
    this.boards.guardTables((boardId, matchId) => this.checkBoard(boardId, matchId));
  }

  /**
   * A restart after a crash between a table's deal and its record in boards.sqlite: every round set
   * still waiting for a table is checked against its tables' logs before any table deals again, so
   * a board a match took is recorded there, and its broadcast hold lifted, at once.
   */
  async onApplicationBootstrap(): Promise<void> {
    for (const set of this.boards.roundSetsAwaitingTables()) {
      try {
        await this.recordDealsOfSet(set);
      } catch (error) {
        this.logger.error(`board set ${set}: its tables' deals were not checked: ${String(error)}`);
      }
    }
  }

  async dealFor(
    matchId: string,
    table: string,
    command: { readonly type: string } & Record<string, unknown>,
  ): Promise<Awaited<ReturnType<AssignedDeals['dealFor']>>> {
    const set = await this.setOf(matchId);
    if (set === null) return null;
    // A deal the match took before a crash kept the board store from recording it is recorded
    // first, so the table is never offered that board again (board-sets.service.ts).
    const healed = await this.boards.recordDealsFoundAt(set, { matchId, table });
    const next = this.nextBoard(set, matchId);
    const asked = command.board;
    // A seed or an entered order is the table's own deal, whichever board it names.
    const ownDeal = command.seed !== undefined || command.order !== undefined;
    if (next === null || asked !== next.number || ownDeal) {
      // Refused, but what the recorded deal made due still happens, once this match's queue lets
      // go (settle never throws: what the log refuses is owed and tried again).
      for (const board of healed) void this.boards.settle(board);
      throw deviation(matchId, set, next, `board ${String(asked)}${ownDeal ? ' with its own deal' : ''}`);
    }
    const deal = this.boards.tableDeal(next.id, { matchId, table });
    return {
      command: deal.command,
      dealt: async (revision) => {
        for (const board of healed) await this.boards.settle(board);
        await deal.dealt(revision);
      },
    };
  }

  /** The views of every table of a round that has a set, by match name. */
  roundBoards(round: RoundState): Map<string, TableBoardsRead> {
    const out = new Map<string, TableBoardsRead>();
    for (const t of round.tables.values()) {
      const view = this.tableBoards(t);
      if (view !== null) out.set(t.match, view);
    }
    return out;
  }

  /** The tournament feed's face of `roundBoards`: board numbers, no ids. */
  feedBoards(round: RoundState): Map<string, TableBoardsView> {
    const out = new Map<string, TableBoardsView>();
    for (const [match, read] of this.roundBoards(round))
      out.set(match, {
        set: read.set,
        total: read.total,
        dealt: read.dealt.map((b) => b.number),
        next: read.next,
      });
    return out;
  }

  /** What a table has played of its set; null before the round's start assigned it one. */
  tableBoards(table: SeatedTableState): TableBoardsRead | null {
    const { boardSet, matchId } = table;
    if (boardSet === undefined || matchId === undefined) return null;
    const boards = this.boards.boardsOf(boardSet);
    const dealt = boards.filter((b) => b.tables.some((t) => t.matchId === matchId));
    return {
      set: boardSet,
      total: boards.length,
      dealt: dealt.map((b) => ({ id: b.id, number: b.number, commitment: b.commitment })),
      next: this.nextBoard(boardSet, matchId)?.number ?? null,
    };
  }

  private async checkBoard(boardId: string, matchId: string): Promise<void> {
    const set = await this.setOf(matchId);
    if (set === null) return;
    const { table } = await this.matches.read(matchId);
    for (const healed of await this.boards.recordDealsFoundAt(set, { matchId, table }))
      await this.boards.settle(healed);
    const next = this.nextBoard(set, matchId);
    if (next?.id !== boardId) throw deviation(matchId, set, next, `board ${boardId}`);
  }

  private async recordDealsOfSet(set: string): Promise<void> {
    const named = ROUND_SET.exec(set);
    if (named === null) return;
    const [, tournamentId = '', round = ''] = named;
    const { projection } = await this.tournaments.read(tournamentId);
    const held = projection.state.rounds[Number(round) - 1];
    for (const t of held?.tables.values() ?? []) {
      if (t.boardSet !== set || t.matchId === undefined) continue;
      const { table } = await this.matches.read(t.matchId);
      for (const board of await this.boards.recordDealsFoundAt(set, { matchId: t.matchId, table }))
        await this.boards.settle(board);
    }
  }

  /** The board set assigned to a round's table match; null for any other match. */
  private async setOf(matchId: string): Promise<string | null> {
    const named = TABLE_MATCH.exec(matchId);
    if (named === null) return null;
    const [, tournamentId = '', round = ''] = named;
    const { projection } = await this.tournaments.read(tournamentId);
    const held = projection.state.rounds[Number(round) - 1];
    if (held === undefined) return null;
    for (const t of held.tables.values()) if (t.matchId === matchId) return t.boardSet ?? null;
    return null;
  }

  /** The first board of the set not dealt at the match yet (the boards are played in order). */
  private nextBoard(set: string, matchId: string): SealedBoard | null {
    return this.boards.boardsOf(set).find((b) => !b.tables.some((t) => t.matchId === matchId)) ?? null;
  }
}

/** TRN-MP-1: a deal at a round's table other than its set's next board. */
function deviation(
  matchId: string,
  set: string,
  next: SealedBoard | null,
  asked: string,
): RuleViolationError {
  const expected =
    next === null
      ? `it has been dealt every board of its set ${set}`
      : `it plays board ${String(next.number)} of its set ${set} next, with the set's deal, as every table of its comparison set does`;
  return new RuleViolationError(
    'TRN-MP-1',
    `board: ${matchId} may not be dealt ${asked}: ${expected}`,
    next === null
      ? `本桌已打完本轮全部牌副（${set}）`
      : `本桌下一副须为本轮牌副 ${set} 的第 ${String(next.number)} 副，与同组各桌相同`,
  );
}
