import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { DoudizhuState } from '@tablecast/doudizhu';
import type { RecordedEvent, Subscription } from '@tablecast/event-store';
import { parseStreamName, storedEventType, type NewEvent, type TablecastEvent } from '@tablecast/events';
import type { BoardResult } from '@tablecast/game-kit';
import { KeyedSerialQueue } from '../commands/keyed-serial-queue';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { RuleViolationError, StaleRevisionError } from '../matches/match.errors';
import type { BoardSetStore } from './board-set-store';
import { BOARD_SET_STORE } from './boards.tokens';
import type { SealedBoard } from './sealed-board';

/** A table that keeps moving while its reveal is written is tried again, this many times. */
const REVEAL_ATTEMPTS = 20;

/**
 * The reveal of duplicate boards (DDZ-GEN-1): watches the match logs for a board's end and, once
 * every table dealt the board has played it (or the organiser has closed it), sends RevealBoard to
 * each of those tables through the command path, at the revision it read: each table's log, and so
 * its feeds (the broadcast's after its delay), get the order and salt then, not before. The
 * subscription reads the logs from the start, so a restarted server reveals what was due.
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
  ) {}

  onApplicationBootstrap(): void {
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

  /** Whether the board's deal is due to be revealed: closed, or played at every table dealt it. */
  async due(board: SealedBoard): Promise<boolean> {
    if (this.sets.isClosed(board.id)) return true;
    if (board.tables.length === 0) return false;
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

  private async consume(subscription: Subscription<RecordedEvent<TablecastEvent>>): Promise<void> {
    try {
      for await (const event of subscription) this.noticed(event);
    } catch (error) {
      if (!this.closed) this.logger.error(`board reveal subscription failed: ${String(error)}`);
    }
  }

  private noticed(event: RecordedEvent<TablecastEvent>): void {
    if (!(event.type as string).endsWith('.BoardEnded')) return;
    const stream = parseStreamName(event.stream);
    if (stream?.kind !== 'match') return;
    for (const boardId of this.sets.boardsDealtAt(stream.id)) {
      const work = this.revealIfDue(boardId).catch((error: unknown) => {
        this.logger.error(`reveal of board ${boardId}: ${String(error)}`);
      });
      this.pending.add(work);
      void work.finally(() => this.pending.delete(work));
    }
  }

  /**
   * RevealBoard at one table, decided by its module on the state read and appended at that
   * revision; a table that has moved on meanwhile is read again. A table with nothing sealed for
   * the board (not played there yet, or revealed already) is left alone.
   */
  private async revealAt(board: SealedBoard, matchId: string): Promise<void> {
    for (let attempt = 0; attempt < REVEAL_ATTEMPTS && !this.closed; attempt += 1) {
      const match = await this.matches.read(matchId);
      const state = match.state as DoudizhuState;
      if (!state.sealed.some((s) => s.board === board.number)) return;
      const command = { type: 'RevealBoard', board: board.number };
      try {
        await this.matches.writeAgainstLog(matchId, match.revision, () => {
          const decision = match.module.decide(command, match.state);
          if (!decision.ok) throw RuleViolationError.of(decision);
          const metadata = {
            correlationId: `board:${board.id}`,
            causationId: `board:${board.id}:reveal:${matchId}`,
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
      this.logger.warn(`board ${board.id} at ${matchId}: the reveal kept meeting a newer revision`);
  }
}
