import { Inject, Injectable } from '@nestjs/common';
import { DOUDIZHU_GAME } from '@tablecast/doudizhu';
import { matchStream, storedEventType, type NewEvent, type TablecastEvent } from '@tablecast/events';
import type { BoardResult } from '@tablecast/game-kit';
import { z } from 'zod';
import { mayOperateTable, type Principal } from '../auth/roles';
import { CLOCK, ENTROPY, newRecordId, type Clock, type Entropy } from '../clock/clock';
import { RequestValidationError } from '../errors';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { CommandForbiddenError, RuleViolationError, StaleRevisionError } from '../matches/match.errors';
import { BoardNotFoundError } from './board-errors';
import type { BoardSetCreated, CreateBoards, DealBoardRequest } from './board-requests';
import { verifyBoard, type BoardVerification, type TableCommitment } from './board-verification';
import { sealBoard, sealedOrder, type SealedBoard } from './sealed-board';

/** The games whose boards can be dealt from a set: their deal command takes a seed and a salt. */
const DUPLICATE_GAMES: readonly string[] = [DOUDIZHU_GAME];

const DeckCommittedData = z.object({ board: z.number(), redeal: z.number(), commitment: z.string() });

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
 * Duplicate boards (DDZ-GEN-1): a set of seeded boards whose seeds and salts stay here, dealt at
 * any number of tables through the match's command path, so every table gets the identical deal
 * and publishes the same commitment. The order and salt are revealed once every table that was
 * dealt a board has played it. The sets live in memory: a restart forgets them (the tables' logs
 * keep every deal and its reveal).
 */
@Injectable()
export class BoardSets {
  private readonly boards = new Map<string, SealedBoard>();

  constructor(
    private readonly matches: MatchCommandService,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENTROPY) private readonly entropy: Entropy,
  ) {}

  create(request: CreateBoards): BoardSetCreated {
    if (!DUPLICATE_GAMES.includes(request.game)) {
      throw new RequestValidationError([
        {
          path: 'game',
          message: `duplicate boards are dealt for ${DUPLICATE_GAMES.join(', ')}, not "${request.game}"`,
        },
      ]);
    }
    const set = newRecordId(this.entropy, 'boards');
    const boards = Array.from({ length: request.boards }, (_, i) => {
      const number = i + 1;
      const board = sealBoard(
        `${set}-${String(number)}`,
        request.game,
        number,
        this.entropy.token(16),
        this.entropy.token(32),
      );
      this.boards.set(board.id, board);
      return { id: board.id, number, commitment: board.commitment };
    });
    return { set, game: request.game, boards };
  }

  /**
   * Deals the board at the match's table: the match's module decides the deal with the board's
   * seed and salt (which never leave the server), and its events are appended at the revision the
   * sender saw, in the match's queue like any command.
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
    const command = {
      type: 'DealBoard',
      board: board.number,
      seed: board.seed,
      salt: board.salt,
      now: this.clock.now(),
    };
    const metadata = {
      correlationId: `board:${boardId}`,
      causationId: `board:${boardId}:${request.matchId}`,
      actor: { id: principal.actorId, role: principal.role },
    };
    const written = await this.matches.writeAgainstLog(
      request.matchId,
      request.revision ?? match.revision,
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
        return { events, result: null };
      },
    );
    board.tables.push({ matchId: request.matchId, table: match.table });
    return {
      board: boardId,
      matchId: request.matchId,
      revision: written.revision,
      commitment: board.commitment,
    };
  }

  /** Each table's result of the board (its module's BoardResult), the input of the duplicate comparison. */
  async results(boardId: string): Promise<BoardResults> {
    const board = this.board(boardId);
    const tables = await Promise.all(
      board.tables.map(async (t) => ({ ...t, result: await this.resultAt(board, t.matchId) })),
    );
    return { board: board.id, commitment: board.commitment, tables };
  }

  /** Every table's DeckCommitted against the one commitment; the order and salt once all have played it. */
  async verify(boardId: string): Promise<BoardVerification> {
    const board = this.board(boardId);
    const tables = await Promise.all(board.tables.map((t) => this.committedAt(board, t.matchId, t.table)));
    const results = await Promise.all(board.tables.map((t) => this.resultAt(board, t.matchId)));
    const everywhere = board.tables.length > 0 && results.every((r) => r !== null);
    return verifyBoard(board, everywhere ? { order: sealedOrder(board), salt: board.salt } : null, tables);
  }

  private board(boardId: string): SealedBoard {
    const board = this.boards.get(boardId);
    if (!board) throw new BoardNotFoundError(boardId);
    return board;
  }

  private async resultAt(board: SealedBoard, matchId: string): Promise<BoardResult | null> {
    const match = await this.matches.read(matchId);
    const played = match.module.boards(match.state).find((r) => r.board === String(board.number));
    return played ? { ...played, board: board.id } : null;
  }

  private async committedAt(board: SealedBoard, matchId: string, table: string): Promise<TableCommitment> {
    const type = storedEventType(board.game, 'DeckCommitted');
    for (const event of await this.store.readStream(matchStream(matchId))) {
      if (event.type !== type) continue;
      const data = DeckCommittedData.parse(event.data);
      if (data.board === board.number && data.redeal === 0)
        return { matchId, table, committed: data.commitment };
    }
    return { matchId, table, committed: null };
  }
}
