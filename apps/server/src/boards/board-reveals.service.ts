import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { RecordedEvent, Subscription } from '@tablecast/event-store';
import { parseStreamName, storedEventType, type NewEvent, type TablecastEvent } from '@tablecast/events';
import type { BoardResult, GameCommand } from '@tablecast/game-kit';
import { CLOCK, type Clock } from '../clock/clock';
import { APP_CONFIG, runsSingletons, type AppConfig } from '../config';
import { KeyedSerialQueue } from '../commands/keyed-serial-queue';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import type { LoadedMatch } from '../matches/loaded-match';
import { MatchCommandService } from '../matches/match-command.service';
import { RuleViolationError, StaleRevisionError } from '../matches/match.errors';
import { duplicateOf } from './board-games';
import type { BoardSetStore } from './board-set-store';
import { BOARD_SET_STORE } from './boards.tokens';
import type { SealedBoard } from './sealed-board';

/** A table that keeps moving while its reveal is written is tried again, this many times. */
const REVEAL_ATTEMPTS = 20;

/**
 * The reveal of duplicate boards (DEC-DDZ-4, DEC-B2-4): watches the match logs for a board's end
 * and, once every table of the board has played it (or the organiser has closed it), sends the
 * module's reveal command to each table it was dealt at through the command path, at the revision
 * it read: each table's log, and so its feeds (the broadcast's after its delay), get the order and
 * salt then, not before. It lifts a board's broadcast hold the same way (DEC-DDZ-5, DEC-B2-5) once
 * the last declared table has been dealt it. The subscription reads the logs from the start, so a
 * restarted server reveals and lifts what was due.
 */
@Injectable()
export class BoardReveals implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BoardReveals.name);
  private readonly queue = new KeyedSerialQueue();
  private readonly pending = new Set<Promise<void>>();
  private subscription: Subscription<RecordedEvent<TablecastEvent>> | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly matches: MatchCommandService,
    @Inject(BOARD_SET_STORE) private readonly sets: BoardSetStore,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // TC-SCALE-2: one process of the deployment reveals; an api process leaves it to that one.
    if (!runsSingletons(this.config)) return;
    const subscription = this.store.subscribeToAll({
      fromPosition: 'start',
      filter: { streamPrefixes: ['match-'] },
    });
    this.subscription = subscription;
    this.running = this.consume(subscription);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.subscription?.close();
    await this.running;
    await Promise.all([...this.pending]);
    this.sets.shutdown();
  }

  /**
   * Whether the board's deal is due to be revealed: closed, or played at every table of it: each
   * declared table (a set that declares its tables), else each table dealt it so far.
   */
  async due(board: SealedBoard): Promise<boolean> {
    if (this.sets.isClosed(board.id)) return true;
    if (board.tables.length === 0) return false;
    if (board.declared !== null && !board.declared.every((t) => board.tables.some((d) => d.table === t)))
      return false;
    const results = await Promise.all(board.tables.map((t) => this.resultAt(board, t.matchId)));
    return results.every((r) => r !== null);
  }

  /** The table's result of the board, or null until it has played it. */
  async resultAt(board: SealedBoard, matchId: string): Promise<BoardResult | null> {
    const match = await this.matches.read(matchId);
    const played = match.module.boards(match.state).find((r) => r.board === String(board.number));
    return played ? { ...played, board: board.id } : null;
  }

  /** Reveals the board at every table that has played it, if its reveal is due; once per board at a time. */
  revealIfDue(boardId: string): Promise<void> {
    return this.queue.run(boardId, async () => {
      const board = this.sets.board(boardId);
      if (board === null || !(await this.due(board))) return;
      for (const table of board.tables) await this.revealAt(board, table.matchId);
    });
  }

  /**
   * Lifts the board's broadcast hold at every table dealt it, once the last declared table has been
   * dealt it (from that deal's time) or the organiser has closed it (from the close): the hands
   * then reach every table's delayed broadcast the delay after that time (DEC-DDZ-5, DEC-B2-5).
   */
  liftIfDue(boardId: string, closedAt: number | null = null): Promise<void> {
    return this.queue.run(`${boardId}:hold`, async () => {
      const board = this.sets.board(boardId);
      if (board?.declared == null) return;
      const at = closedAt ?? dealtEverywhereAt(board);
      if (at === null) return;
      const reason = closedAt === null ? 'dealtEverywhere' : 'closed';
      for (const table of board.tables) {
        await this.writeAt(board, table.matchId, 'lift', (match) => {
          const duplicate = duplicateOf(match.module);
          return duplicate.holding(match.state, board.number)
            ? duplicate.liftHoldCommand(board.number, at, reason)
            : null;
        });
      }
    });
  }

  private async consume(subscription: Subscription<RecordedEvent<TablecastEvent>>): Promise<void> {
    try {
      for await (const event of subscription) this.noticed(event);
    } catch (error) {
      if (!this.closed) this.logger.error(`board reveal subscription failed: ${String(error)}`);
    }
  }

  private noticed(event: RecordedEvent<TablecastEvent>): void {
    const type = event.type as string;
    const ended = type.endsWith('.BoardEnded');
    if (!ended && !type.endsWith('.BoardStarted')) return;
    const stream = parseStreamName(event.stream);
    if (stream?.kind !== 'match') return;
    for (const boardId of this.sets.boardsDealtAt(stream.id)) {
      const work = (ended ? this.revealIfDue(boardId) : this.liftIfDue(boardId)).catch((error: unknown) => {
        this.logger.error(`${ended ? 'reveal' : 'broadcast hold'} of board ${boardId}: ${String(error)}`);
      });
      this.pending.add(work);
      void work.finally(() => this.pending.delete(work));
    }
  }

  /** The module's reveal at one table, if the board's deal is sealed there (played, not revealed yet). */
  private revealAt(board: SealedBoard, matchId: string): Promise<void> {
    return this.writeAt(board, matchId, 'reveal', (match) => {
      const duplicate = duplicateOf(match.module);
      return duplicate.sealed(match.state, board.number)
        ? duplicate.revealCommand(board.number, this.clock.now())
        : null;
    });
  }

  /**
   * A command of the set at one table, decided by its module on the state read and appended at
   * that revision; a table that has moved on meanwhile is read again. `command` answers null when
   * there is nothing to do there (nothing sealed, no hold on).
   */
  private async writeAt(
    board: SealedBoard,
    matchId: string,
    what: 'reveal' | 'lift',
    command: (match: LoadedMatch) => GameCommand | null,
  ): Promise<void> {
    for (let attempt = 0; attempt < REVEAL_ATTEMPTS && !this.closed; attempt += 1) {
      const match = await this.matches.read(matchId);
      const next = command(match);
      if (next === null) return;
      try {
        await this.matches.writeAgainstLog(matchId, match.revision, () => {
          const decision = match.module.decide(next, match.state);
          if (!decision.ok) throw RuleViolationError.of(decision);
          const metadata = {
            correlationId: `board:${board.id}`,
            causationId: `board:${board.id}:${what}:${matchId}`,
            actor: { id: 'boards', role: 'referee' },
          };
          const events = decision.events.map((event) => ({
            type: storedEventType(match.module.id, event.type),
            data: event.data,
            metadata,
          })) as unknown as readonly NewEvent<TablecastEvent>[];
          return { events, result: null };
        });
        return;
      } catch (error) {
        if (!(error instanceof StaleRevisionError)) throw error;
      }
    }
    if (!this.closed)
      this.logger.warn(`board ${board.id} at ${matchId}: the ${what} kept meeting a newer revision`);
  }
}

/** When the last declared table was dealt the board; null until every declared table has been. */
function dealtEverywhereAt(board: SealedBoard): number | null {
  const declared = board.declared ?? [];
  let last = Number.NEGATIVE_INFINITY;
  for (const table of declared) {
    const dealt = board.tables.find((t) => t.table === table);
    if (dealt === undefined) return null;
    last = Math.max(last, dealt.dealtAt ?? 0);
  }
  return declared.length === 0 ? null : last;
}
