import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import {
  comparePositions,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '@tablecast/event-store';
import {
  matchStream,
  parseStreamName,
  storedEventType,
  type NewEvent,
  type TablecastEvent,
} from '@tablecast/events';
import type { BoardResult, GameCommand } from '@tablecast/game-kit';
import { GAMES } from '@tablecast/games';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLOCK, type Clock } from '../clock/clock';
import { KeyedSerialQueue } from '../commands/keyed-serial-queue';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { foldMatch, type LoadedMatch } from '../matches/loaded-match';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchNotFoundError, RuleViolationError, StaleRevisionError } from '../matches/match.errors';
import { ownWriteBackoffMs, ownWriteRefusal } from '../matches/own-write-refusal';
import { duplicateOf } from './board-games';
import type { BoardSetStore } from './board-set-store';
import { BOARD_SET_STORE } from './boards.tokens';
import type { SealedBoard } from './sealed-board';
import {
  SINGLETON_MODE,
  startsAtBoot,
  type Singleton,
  type SingletonMode,
} from '../singletons/singleton-mode';

/**
 * The checkpoint (in the event store) of the last match event whose reveal and hold were seen to,
 * by the follower of one board file: each boards.sqlite has its own (its `followerId`), for what
 * one file's follower has seen to says nothing of another's boards (two deployments on one
 * KurrentDB, a board file made again beside an old log). Processes sharing one file share it.
 */
export function boardRevealsCheckpoint(followerId: string): string {
  return `board-reveals:${followerId}`;
}
/** How often the checkpoint moves on while events arrive: a crash looks at this much again. */
const CHECKPOINT_INTERVAL_MS = 1_000;

/** A table that keeps moving while its reveal is written is read again at once, this many times. */
const REVEAL_ATTEMPTS = 20;

/**
 * The reveal of duplicate boards (DEC-DDZ-4, DEC-B2-4): watches the match logs for a board's end
 * and, once every table of the board has played it (or the organiser has closed it), sends the
 * module's reveal command to each table it was dealt at through the command path, at the revision
 * it read: each table's log, and so its feeds (the broadcast's after its delay), get the order and
 * salt then, not before. It lifts a board's broadcast hold the same way (DEC-DDZ-5, DEC-B2-5) once
 * the last declared table has been dealt it. The subscription resumes after a checkpoint written
 * only once the work of every event before it is done, so a restarted server reveals and lifts
 * what was due without reading the logs from their start. A reveal or lift the log did not take
 * (busy, unavailable, an I/O error) is tried again after a backoff until it is recorded: no table
 * does anything more that would bring it about. Each try reads the table again and appends at the
 * revision read, so a try whose answer was lost but whose events went in is not written twice.
 * A table's deal is answered with the deal whatever the lift after it meets (the deal is in the
 * log: the table must not deal it again), and the lift is owed; the board file marks each board
 * whose hold was seen lifted everywhere, so a start finds and does the lifts still owed.
 */
@Injectable()
export class BoardReveals implements OnApplicationBootstrap, OnApplicationShutdown, Singleton {
  private readonly logger = new Logger(BoardReveals.name);
  private readonly queue = new KeyedSerialQueue();
  private readonly pending = new Set<Promise<void>>();
  /** Lifts owed by a deal's request or found at the start: the board file keeps them, not the checkpoint. */
  private readonly owed = new Set<Promise<void>>();
  private subscription: Subscription<RecordedEvent<TablecastEvent>> | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  /** Cuts the backoffs short at stop. */
  private readonly stopping = new AbortController();
  /**
   * Some work was left undone in this run (stopped mid-retry, or refused for good): the checkpoint
   * stays where it was, before the event that called for it, so the next start does it again.
   */
  private unfinished = false;
  private checkpointTimer: NodeJS.Timeout | undefined;
  /** The last match event handed to `noticed`. */
  private seen: Position | undefined;
  /** The checkpoint as last read or written. */
  private saved: Position | undefined;

  constructor(
    private readonly matches: MatchCommandService,
    @Inject(BOARD_SET_STORE) private readonly sets: BoardSetStore,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(SINGLETON_MODE) private readonly mode?: SingletonMode,
  ) {}

  onApplicationBootstrap(): void {
    if (startsAtBoot(this.mode)) this.startSingleton();
  }

  /** Reveals and lifts what is due from the log after the checkpoint (a standby watches nothing: only the holder appends). */
  startSingleton(): void {
    if (this.closed || this.running !== undefined) return;
    this.running = this.follow();
    this.checkpointTimer = setInterval(() => {
      void this.saveCheckpoint();
    }, CHECKPOINT_INTERVAL_MS);
    this.checkpointTimer.unref();
  }

  async stopSingleton(): Promise<void> {
    this.closed = true;
    this.stopping.abort();
    clearInterval(this.checkpointTimer);
    await this.subscription?.close();
    await this.running;
    await Promise.all([...this.pending, ...this.owed]);
    await this.saveCheckpoint();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopSingleton();
    this.sets.shutdown();
  }

  /**
   * Follows the match logs after the checkpoint: every board end and deal before it has had its
   * reveal and hold looked at to the end, so a restart reads only what came after (the log from
   * its start only the first time, when a reveal it owes may lie anywhere in it).
   */
  private async follow(): Promise<void> {
    let from: Position | undefined;
    try {
      from = await this.store.getCheckpoint(this.checkpointName);
    } catch (error) {
      this.logger.error(`board reveals could not read their checkpoint: ${String(error)}`);
      return;
    }
    if (this.closed) return;
    this.saved = from;
    this.oweLiftsFound();
    const subscription = this.store.subscribeToAll({
      fromPosition: from ?? 'start',
      filter: { streamPrefixes: ['match-'] },
    });
    this.subscription = subscription;
    await this.consume(subscription);
  }

  /** This follower's checkpoint: its board file's. */
  get checkpointName(): string {
    return boardRevealsCheckpoint(this.sets.followerId);
  }

  /**
   * Writes the position of the last event seen, once no reveal or hold it started is still being
   * written (work is queued as each event is seen, so none pending means every one seen is done).
   */
  private async saveCheckpoint(): Promise<void> {
    const seen = this.seen;
    if (seen === undefined || this.pending.size > 0 || this.unfinished) return;
    if (this.saved !== undefined && comparePositions(seen, this.saved) <= 0) return;
    try {
      await this.store.saveCheckpoint(this.checkpointName, seen);
      this.saved = seen;
    } catch (error) {
      this.logger.warn(`board reveals checkpoint not written: ${String(error)}`);
    }
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
      // A stop cuts the tries short (writeAt answers without throwing): only a full pass is done.
      if (!this.closed) this.sets.markHoldLifted(boardId, this.clock.now());
    });
  }

  /**
   * What a table's deal, once written, makes due: the board's hold lifted (DEC-DDZ-5, DEC-B2-5),
   * and its reveal (a deal recorded late, after the board was played). The deal is in the log
   * whatever this meets, so its request is answered with the deal: a try the log refused (another
   * table's revision, a busy or unavailable log) is owed, tried again in the background after a
   * backoff until it is recorded, and never thrown to the table that dealt.
   */
  async afterDeal(boardId: string, reveal = false): Promise<void> {
    const work = async (): Promise<void> => {
      await this.liftIfDue(boardId);
      if (reveal) await this.revealIfDue(boardId);
    };
    try {
      await work();
    } catch (error) {
      this.logger.warn(
        `board ${boardId}: the hold lift or reveal after its deal was not recorded (${String(error)}); owed, tried again in the background`,
      );
      this.owe(`${reveal ? 'hold lift and reveal' : 'hold lift'} of board ${boardId} after its deal`, work);
    }
  }

  /**
   * The lifts a start finds owed in the board file (DEC-DDZ-5, DEC-B2-5): a board dealt at every
   * declared table, or closed, whose hold was not seen lifted at each table it was dealt at (a
   * server stopped while its lift was refused, a deal the follower met before its record). Each is
   * tried until recorded; a table whose hold is already lifted is left as it is.
   */
  private oweLiftsFound(): void {
    for (const { board, closedAt } of this.sets.boardsOwingLift()) {
      this.owe(`owed hold lift of board ${board}`, async () => {
        const found = this.sets.board(board);
        const dealtEverywhere = found === null ? null : dealtEverywhereAt(found);
        await this.liftIfDue(board, dealtEverywhere === null ? closedAt : null);
      });
    }
  }

  /**
   * Runs `work` in the background until it is recorded (see untilRecorded); the stop waits for it.
   * The follower's own work holds its checkpoint back until done; a lift owed by a request or found
   * at the start does not, for the board file shows it owed until it is done (`boardsOwingLift`).
   */
  private owe(what: string, work: () => Promise<void>, from: 'follower' | 'boardFile' = 'boardFile'): void {
    const owed = this.untilRecorded(what, work).catch((error: unknown) => {
      if (from === 'follower') this.unfinished = true;
      this.logger.error(`${what} refused, not tried again: ${String(error)}`);
    });
    const set = from === 'follower' ? this.pending : this.owed;
    set.add(owed);
    void owed.finally(() => set.delete(owed));
  }

  private async consume(subscription: Subscription<RecordedEvent<TablecastEvent>>): Promise<void> {
    try {
      for await (const event of subscription) this.noticed(event);
    } catch (error) {
      if (!this.closed) this.logger.error(`board reveal subscription failed: ${String(error)}`);
    }
  }

  private noticed(event: RecordedEvent<TablecastEvent>): void {
    this.seen = event.position;
    const type = event.type as string;
    const ended = type.endsWith('.BoardEnded');
    if (!ended && !type.endsWith('.BoardStarted')) return;
    const stream = parseStreamName(event.stream);
    if (stream?.kind !== 'match') return;
    const matchId = stream.id;
    if (ended) {
      for (const boardId of this.sets.boardsDealtAt(matchId))
        this.owe(`reveal of board ${boardId}`, () => this.revealIfDue(boardId), 'follower');
      return;
    }
    this.owe(
      `broadcast hold at ${matchId}`,
      async () => {
        // The commit wakes this follower before the dealer records the table in the board file:
        // the deal is found in the log itself, or the last table's deal would lift nothing here.
        await this.recordDealOf(matchId, type.slice(0, -'.BoardStarted'.length), event.data);
        for (const boardId of this.sets.boardsDealtAt(matchId)) await this.liftIfDue(boardId);
      },
      'follower',
    );
  }

  /**
   * A set's board dealt at the match, as its log has it (TRN-MP-1, DDZ-GEN-1): a duplicate deal
   * whose first commitment is a board's of this file is recorded at the match's table, stamped
   * with the deal's own start (what its dealer records), if the dealer has not recorded it yet.
   */
  private async recordDealOf(matchId: string, game: string, data: unknown): Promise<void> {
    const started = data as { board?: unknown; startedAt?: unknown; duplicate?: unknown; held?: unknown };
    if (started.duplicate !== true && started.held !== true) return;
    const duplicate = GAMES.get(game)?.duplicate;
    if (duplicate === undefined || typeof started.board !== 'number') return;
    const prefix = `${game}.`;
    const log = (await this.store.readStream(matchStream(matchId)))
      .filter((e) => e.type.startsWith(prefix))
      .map((e) => ({ type: e.type.slice(prefix.length), data: e.data }));
    const first = duplicate.audit(log, started.board).find((d) => d.redeal === 0);
    if (first === undefined) return;
    const boards = this.sets
      .boardsCommittedTo(first.committed)
      .filter((b) => b.number === started.board && !b.tables.some((t) => t.matchId === matchId));
    if (boards.length === 0) return;
    const { table } = await this.matches.read(matchId);
    const dealtAt = typeof started.startedAt === 'number' ? started.startedAt : this.clock.now();
    for (const board of boards) this.sets.addTable(board.id, { matchId, table, dealtAt });
  }

  /**
   * Runs `work` until it has done what it was for: a refusal of the log that a later try may not
   * meet (busy, unavailable, an I/O error, a table that kept moving) is tried again after a backoff
   * (250 ms doubling to 5 s), for no later event need come to call for it again; an answer that
   * waiting does not change is thrown. Each try runs the whole work again (reading each table),
   * and between tries the board's queue is free for the organiser's and the tables' requests.
   */
  private async untilRecorded(what: string, work: () => Promise<void>): Promise<void> {
    for (let failures = 1; ; failures += 1) {
      try {
        await work();
        // A stop cuts a table's tries short (see writeAt): only a run still going knows it is done.
        if (this.closed) break;
        return;
      } catch (error) {
        const refusal = ownWriteRefusal(error);
        if (refusal.kind !== 'temporary' && refusal.kind !== 'stale') throw error;
        if (this.closed) break;
        const delay = ownWriteBackoffMs(failures);
        this.logger.warn(`${what}: not recorded (${String(error)}); trying again in ${String(delay)} ms`);
        try {
          await sleep(delay, undefined, { signal: this.stopping.signal });
        } catch {
          break;
        }
      }
    }
    // Stopped before it was known to be recorded: the next start looks at this event again.
    this.unfinished = true;
    this.logger.warn(`${what}: not known to be recorded before the stop; the next start looks again`);
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
   * A command of the set at one table, decided by its module on the match as the log has it
   * inside the match's queue, where no command of the table can come in between: the players
   * (bots answer at once) keep a live table moving, and a command decided on a state read before
   * the queue met a newer revision on every try. `command` answers null when there is nothing to
   * do there (nothing sealed, no hold on; also a write of ours whose answer was lost). Another
   * process's append in between is a 409, read again; a table that kept meeting one throws the
   * last (the follower tries again later).
   */
  private async writeAt(
    board: SealedBoard,
    matchId: string,
    what: 'reveal' | 'lift',
    command: (match: LoadedMatch) => GameCommand | null,
  ): Promise<void> {
    let stale: StaleRevisionError | undefined;
    for (let attempt = 0; attempt < REVEAL_ATTEMPTS && !this.closed; attempt += 1) {
      try {
        await this.matches.writeAgainstLog(
          matchId,
          undefined,
          { write: ['board', what, board.id] },
          (log) => {
            const match = foldMatch(matchId, log);
            if (match === undefined) throw new MatchNotFoundError(matchId);
            const next = command(match);
            if (next === null) return { events: [], result: null };
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
          },
        );
        return;
      } catch (error) {
        if (!(error instanceof StaleRevisionError)) throw error;
        stale = error;
      }
    }
    // Stopped meanwhile: a request gets its answer; the follower does not count this as done.
    if (this.closed || stale === undefined) return;
    this.logger.warn(`board ${board.id} at ${matchId}: the ${what} kept meeting a newer revision`);
    throw stale;
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
