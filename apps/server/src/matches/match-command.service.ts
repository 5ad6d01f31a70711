import { Inject, Injectable } from '@nestjs/common';
import { positionToString, WrongExpectedRevisionError, type RecordedEvent } from '@tablecast/event-store';
import { matchStream, storedEventType, type NewEvent, type TablecastEvent } from '@tablecast/events';
import type { AnyGameModule, GameCommand } from '@tablecast/game-kit';
import { DEFAULT_GAME, isKeyingCorrectionType, type GameStates, type ServerSupplied } from '@tablecast/games';
import { MatchIdSchema, type CommandAccepted } from '@tablecast/protocol';
import { claimsTimeout, maySend } from '../auth/command-roles';
import { mayOperateTable, type CommandPrincipal, type Principal } from '../auth/roles';
import { CLOCK, ENTROPY, newRecordId, type Clock, type Entropy } from '../clock/clock';
import { KeyedSerialQueue } from '../commands/keyed-serial-queue';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { noKeyingCorrections, parseRequest, requestedWire, wrongGame } from './game-requests';
import { commandEventId } from '../idempotency/command-event-ids';
import { logWriteEventId } from '../idempotency/log-write-event-ids';
import { IdempotencyKeyReusedError } from '../idempotency/idempotency-key-reused.error';
import { requestFingerprint } from '../idempotency/request-fingerprint';
import { CorrectionCommandSchema, decideCorrection } from './keying-corrections';
import {
  COMMAND_CAUSATION_PREFIX,
  REQUEST_CORRELATION_PREFIX,
  extendMatch,
  foldMatch,
  matchOfGame,
  needsRefold,
  type AppendedEvent,
  type LoadedMatch,
} from './loaded-match';

import {
  CommandForbiddenError,
  MatchExistsError,
  MatchNotFoundError,
  RuleViolationError,
  StaleRevisionError,
} from './match.errors';

/** A command's idempotency key and the fingerprint of the request that first carried it. */
interface Keyed {
  readonly key: string;
  readonly fingerprint: string;
}

/** What a writer outside the rules engine decided against the log: events to append, and its answer. */
export interface LogWrite<T> {
  readonly events: readonly NewEvent<TablecastEvent>[];
  readonly result: T;
}

/**
 * What makes a write against the log the same write when it is sent again (its answer lost), and
 * how the log shows it done.
 */
export interface LogWriteIdentity<T> {
  /**
   * Named, with the stream and the revision the write is decided against, in its events' ids
   * (`logWriteEventId`): the ruling id and its sheet's fingerprint, the client's key and its
   * request's fingerprint, the board and the table.
   */
  readonly write: readonly string[];
  /**
   * The first answer of this very write when the log already holds it, looked for before the
   * revision check (a resend carries the revision the first try was decided on): it is answered,
   * nothing is appended. Throws when the log holds the write's key for another request.
   */
  readonly recorded?: (log: readonly RecordedEvent<TablecastEvent>[]) => T | undefined;
}

/** The writer's answer and the revision of the stream's last event after the write. */
export interface LogWritten<T> {
  readonly result: T;
  readonly revision: number;
}

/**
 * Where a table's own DealBoard takes its deal from when the table is not free to shuffle: a
 * tournament round's table plays its board set's next board (TRN-MP-1). `dealFor` answers null for
 * a table that deals freely, the set's command otherwise, and throws a RuleViolationError (422) for
 * a DealBoard that deviates from the board assigned to the table.
 */
export interface AssignedDeals {
  dealFor(
    matchId: string,
    table: string,
    command: { readonly type: string } & Record<string, unknown>,
  ): Promise<{ readonly command: GameCommand; readonly dealt: (revision: number) => Promise<void> } | null>;
}

/**
 * The application service behind every command path (HTTP, websocket, simulator): per match, one
 * command at a time — load, authorise, check the sender's revision, decide, append with the
 * expected revision. It never writes an event the rules engine did not produce.
 */
@Injectable()
export class MatchCommandService {
  private readonly queue = new KeyedSerialQueue();
  private readonly matches = new Map<string, LoadedMatch>();
  private assignedDeals: AssignedDeals | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENTROPY) private readonly entropy: Entropy,
  ) {}

  /**
   * Creates a match. `idempotencyKey` is the client's (the `Idempotency-Key` header): a resend of
   * the same request with it (its answer lost) is answered as the first time, across processes
   * and restarts, since the log keeps the key with the events; without one, the create gets a key
   * of its own and a second create of the id is a 409 MatchExists.
   */
  async create(body: unknown, principal: Principal, idempotencyKey?: string): Promise<CommandAccepted> {
    const wire = requestedWire(body);
    const request = wire.readCreate(body, parseRequest);
    if (principal.role !== 'referee' && !mayOperateTable(principal, request.table)) {
      throw new CommandForbiddenError(
        `${principal.actorId} may not create a match on table ${request.table}`,
      );
    }
    const keyed: Keyed = {
      key: idempotencyKey ?? this.entropy.token(12),
      fingerprint: requestFingerprint(request.fingerprinted),
    };
    return this.queue.run(request.matchId, async () => {
      const command = request.command(this.clock.now());
      const existing = await this.load(request.matchId);
      if (existing) return createdBefore(existing, keyed, idempotencyKey);
      try {
        return await this.decideAndAppend(request.matchId, undefined, wire.module, command, principal, keyed);
      } catch (error) {
        // Another process created it since our read: a resend it answered first is answered as then.
        if (!(error instanceof MatchExistsError) || idempotencyKey === undefined) throw error;
        const created = await this.reload(request.matchId);
        if (!created) throw error;
        return createdBefore(created, keyed, idempotencyKey);
      }
    });
  }

  /** The tournament's boards, registered when its module starts (the match path knows no tournament). */
  useAssignedDeals(deals: AssignedDeals): void {
    this.assignedDeals = deals;
  }

  async execute(matchId: string, body: unknown, principal: CommandPrincipal): Promise<CommandAccepted> {
    // Recorded after the match's queue lets go: lifting a board's hold writes to every table dealt it.
    let dealt: (() => Promise<void>) | undefined;
    const answer = await this.executeInQueue(matchId, body, principal, (recorded) => {
      dealt = recorded;
    });
    await dealt?.();
    return answer;
  }

  private async executeInQueue(
    matchId: string,
    body: unknown,
    principal: CommandPrincipal,
    onDealt: (dealt: () => Promise<void>) => void,
  ): Promise<CommandAccepted> {
    if (!MatchIdSchema.safeParse(matchId).success) throw new MatchNotFoundError(matchId);
    const wire = requestedWire(body);
    const request = wire.readCommand(body, parseRequest);
    const keyed: Keyed = {
      key: request.idempotencyKey,
      fingerprint: requestFingerprint({ matchId, revision: request.revision, command: request.command }),
    };
    const type = request.command.type;
    if (claimsTimeout(request.command) && principal.role !== 'system')
      throw new CommandForbiddenError(
        `${type} with a timeout is the turn clock's default: only the server's clock sends it`,
      );
    return this.queue.run(matchId, async () => {
      try {
        return await this.decideInQueue(matchId, wire, request, keyed, principal, onDealt);
      } catch (error) {
        if (!(error instanceof StaleRevisionError)) throw error;
        // TC-SCALE-2: a retry sent to this process after another one accepted the first try (its
        // answer lost) meets our copy behind the log; the log then holds its key: answer as then.
        const replay = (await this.reload(matchId))?.results.get(request.idempotencyKey);
        if (replay === undefined) throw error;
        if (replay.fingerprint !== null && replay.fingerprint !== keyed.fingerprint)
          throw new IdempotencyKeyReusedError('idempotencyKey', request.idempotencyKey);
        return replay.answer;
      }
    });
  }

  private async decideInQueue(
    matchId: string,
    wire: ReturnType<typeof requestedWire>,
    request: ReturnType<ReturnType<typeof requestedWire>['readCommand']>,
    keyed: Keyed,
    principal: CommandPrincipal,
    onDealt: (dealt: () => Promise<void>) => void,
  ): Promise<CommandAccepted> {
    const type = request.command.type;
    let match = await this.load(matchId);
    // A sender ahead of our copy saw a revision another process wrote: fold the log again.
    if (match && request.revision > match.revision) match = await this.reload(matchId);
    if (!match) throw new MatchNotFoundError(matchId);
    if (match.game !== wire.id) throw wrongGame(matchId, match.game, wire.id);
    const correction = isKeyingCorrectionType(type);
    if (correction && wire.keyingCorrections === undefined) throw noKeyingCorrections(wire.id, type);
    // The game's module declares who may send each of its commands.
    if (!maySend(wire.rolesOf(type), principal)) {
      throw new CommandForbiddenError(`role ${principal.role} may not send ${type}`);
    }
    if (principal.role === 'operator' && !mayOperateTable(principal, match.table)) {
      throw new CommandForbiddenError(`${principal.actorId} may not operate table ${match.table}`);
    }
    const previous = match.results.get(request.idempotencyKey);
    if (previous) {
      // A retry resends the first request; the same key on another command or revision would be
      // answered with a success that never happened to it.
      if (previous.fingerprint !== null && previous.fingerprint !== keyed.fingerprint)
        throw new IdempotencyKeyReusedError('idempotencyKey', request.idempotencyKey);
      return previous.answer;
    }
    if (request.revision !== match.revision)
      throw new StaleRevisionError(matchId, request.revision, match.revision);
    if (correction) {
      const command = parseRequest(CorrectionCommandSchema, request.command, 'command');
      const decided = decideCorrection(command, match, () => newRecordId(this.entropy, 'c'));
      if ('ok' in decided) throw RuleViolationError.of(decided);
      return this.append(matchId, match, decided, principal, keyed);
    }
    if (match.pendingCorrection) {
      // TC-CORR-4: the table waits while the referee decides what really happened.
      throw new RuleViolationError(
        'TC-CORR-4',
        `correction ${match.pendingCorrection.correctionId} is waiting for the referee`,
        '更正待裁判确认，暂停记录',
      );
    }
    // TRN-MP-1: a tournament table's DealBoard deals the next board of its set, not a fresh shuffle.
    const assigned =
      type === 'DealBoard' && this.assignedDeals !== null
        ? await this.assignedDeals.dealFor(matchId, match.table, request.command)
        : null;
    const command =
      assigned?.command ?? wire.deciderCommand(request.command, this.serverFields(principal), parseRequest);
    const accepted = await this.decideAndAppend(matchId, match, match.module, command, principal, keyed);
    if (assigned !== null) onDealt(() => assigned.dealt(accepted.revision));
    return accepted;
  }

  /** What only the server supplies to a command: its clock, fresh tokens, the sender's id. */
  private serverFields(principal: CommandPrincipal): ServerSupplied {
    return {
      now: () => this.clock.now(),
      token: (length) => this.entropy.token(length),
      actorId: principal.actorId,
    };
  }

  /**
   * Appends events decided outside the rules engine (a ruling's or a score correction's
   * ResultCorrected, PlayersLeftTable) in the match's queue, like a command: `decide` reads the
   * whole recorded stream (corrections name the events they supersede by hash), nothing else
   * writes to the match meanwhile, and the events are appended with the revision `decide` saw,
   * under ids named after `identity.write` and that revision. `expectedRevision`, when the sender
   * gives one, is the revision it acted on: a match that has moved on since is a 409 before
   * `decide` runs, unless the log already holds this very write (`identity.recorded`), which is
   * then answered as the first time, also when another process wrote it. The cached match is
   * folded again from the log and the appended events, so the next command is decided on them
   * without reading the store.
   */
  async writeAgainstLog<T>(
    matchId: string,
    expectedRevision: number | undefined,
    identity: LogWriteIdentity<T>,
    decide: (log: readonly RecordedEvent<TablecastEvent>[]) => Promise<LogWrite<T>> | LogWrite<T>,
  ): Promise<LogWritten<T>> {
    if (!MatchIdSchema.safeParse(matchId).success) throw new MatchNotFoundError(matchId);
    return this.queue.run(matchId, async () => {
      const stream = matchStream(matchId);
      const log = await this.store.readStream(stream);
      if (log[0]?.type !== 'MatchCreated') throw new MatchNotFoundError(matchId);
      const current = log.length - 1;
      const recorded = identity.recorded?.(log);
      if (recorded !== undefined) return { result: recorded, revision: current };
      if (expectedRevision !== undefined && expectedRevision !== current)
        throw new StaleRevisionError(matchId, expectedRevision, current);
      const { events, result } = await decide(log);
      if (events.length === 0) return { result, revision: current };
      const named = events.map((event, index) => ({
        ...event,
        metadata: { ...event.metadata, eventId: logWriteEventId(stream, current, identity.write, index) },
      }));
      try {
        await this.store.append(stream, named, current);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        // Another process wrote between the read and the append: our copy is behind as well.
        this.matches.delete(matchId);
        // TC-SCALE-2: that write may be this very one, sent to the other process too.
        const now = identity.recorded === undefined ? [] : await this.store.readStream(stream);
        const theirs = now.length === 0 ? undefined : identity.recorded?.(now);
        if (theirs !== undefined) return { result: theirs, revision: now.length - 1 };
        throw new StaleRevisionError(matchId, current, typeof error.actual === 'number' ? error.actual : -1);
      }
      const appended = await this.store.readStream(stream, { fromRevision: current + 1 });
      const next = foldMatch(matchId, [...log, ...appended]);
      if (next) this.matches.set(matchId, next);
      return { result, revision: appended[appended.length - 1]?.revision ?? current };
    });
  }

  /**
   * The current decision state of a match of any game (staff reads; public views go through
   * redaction). `atLeast` is a revision the caller knows is in the log (an event it saw on the
   * subscription): a cached match behind it, because another process on the shared log appended
   * since (TC-SCALE-1), is folded again from the log.
   */
  async read(matchId: string, atLeast?: number): Promise<LoadedMatch> {
    if (!MatchIdSchema.safeParse(matchId).success) throw new MatchNotFoundError(matchId);
    const match = await this.queue.run(matchId, async () => {
      const loaded = await this.load(matchId);
      return atLeast !== undefined && (loaded?.revision ?? -1) < atLeast ? this.reload(matchId) : loaded;
    });
    if (!match) throw new MatchNotFoundError(matchId);
    return match;
  }

  /**
   * A match's decision state, its module's state typed for the game the caller expects (the
   * registry's default when it names none: the bots and the simulation's); another game's match
   * is refused.
   */
  async get<G extends keyof GameStates = typeof DEFAULT_GAME>(
    matchId: string,
    game?: G,
  ): Promise<LoadedMatch<GameStates[G]>> {
    return matchOfGame<GameStates[G]>(await this.read(matchId), game ?? DEFAULT_GAME);
  }

  private async decideAndAppend(
    matchId: string,
    match: LoadedMatch | undefined,
    module: AnyGameModule,
    command: GameCommand,
    principal: CommandPrincipal,
    keyed: Keyed,
  ): Promise<CommandAccepted> {
    const before = match?.state ?? module.initialState();
    // A module whose decider folds as it decides hands over the state too: it is not folded again.
    const decision = module.decideFolded?.(command, before) ?? module.decide(command, before);
    if (!decision.ok) throw RuleViolationError.of(decision);
    // Stored under the log's names for the game's events; the store validates each against the catalog.
    const stored = decision.events.map((event) => ({
      type: storedEventType(module.id, event.type),
      data: event.data,
    })) as readonly TablecastEvent[];
    const folded = 'state' in decision ? { state: decision.state } : undefined;
    return this.append(matchId, match, stored, principal, keyed, folded);
  }

  /**
   * Appends decided events with the expected revision and folds them into the cached match. The
   * answer and the cache are built from the decided events and what the append returned, not read
   * back from the store: the revision check made the stream's new tail exactly these events.
   */
  private async append(
    matchId: string,
    match: LoadedMatch | undefined,
    decided: readonly TablecastEvent[],
    principal: CommandPrincipal,
    keyed: Keyed,
    /** The state `decided` fold the match's state to, when the decider gave it. */
    folded?: { readonly state: unknown },
  ): Promise<CommandAccepted> {
    const stream = matchStream(matchId);
    const events: NewEvent<TablecastEvent>[] = decided.map((event, index) => ({
      ...event,
      metadata: {
        eventId: commandEventId(stream, keyed.key, keyed.fingerprint, index),
        correlationId: `${REQUEST_CORRELATION_PREFIX}${keyed.fingerprint}`,
        causationId: `${COMMAND_CAUSATION_PREFIX}${keyed.key}`,
        actor: { id: principal.actorId, role: principal.role },
      },
    }));
    const first = match ? match.revision + 1 : 0;
    let written;
    try {
      written = await this.store.append(stream, events, match ? match.revision : 'no_stream');
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) {
        // Another process wrote to this match: forget our copy so the next command reloads it.
        this.matches.delete(matchId);
        if (!match) throw new MatchExistsError(matchId);
        throw new StaleRevisionError(
          matchId,
          match.revision,
          typeof error.actual === 'number' ? error.actual : -1,
        );
      }
      throw error;
    }
    const appended: AppendedEvent[] = decided.map((event, index) => ({ ...event, revision: first + index }));
    const accepted: CommandAccepted = {
      matchId,
      revision: written.nextRevision,
      position: positionToString(written.position),
      events: appended.map((event) => ({ type: event.type, revision: event.revision, data: event.data })),
      replayed: false,
    };
    // A confirmed correction retracts events (rare): the match is folded again from the log.
    const next = needsRefold(decided)
      ? await this.reload(matchId)
      : extendMatch(match, accepted, keyed.key, keyed.fingerprint, appended, folded);
    if (!next) throw new Error(`match ${matchId}: appended events did not create the match`);
    this.matches.set(matchId, next);
    return accepted;
  }

  private async reload(matchId: string): Promise<LoadedMatch | undefined> {
    this.matches.delete(matchId);
    return this.load(matchId);
  }

  private async load(matchId: string): Promise<LoadedMatch | undefined> {
    const cached = this.matches.get(matchId);
    if (cached) return cached;
    const events = await this.store.readStream(matchStream(matchId));
    const loaded = foldMatch(matchId, events);
    if (loaded) this.matches.set(matchId, loaded);
    return loaded;
  }
}

/**
 * The answer to a create of a match that exists: the first answer when this is a resend of the
 * request that created it (the same client key and body); the key on another body is refused as
 * a command's is; anything else is the 409 MatchExists.
 */
function createdBefore(
  match: LoadedMatch,
  keyed: Keyed,
  idempotencyKey: string | undefined,
): CommandAccepted {
  const first = idempotencyKey === undefined ? undefined : match.results.get(idempotencyKey);
  if (idempotencyKey === undefined || first === undefined) throw new MatchExistsError(match.matchId);
  if (first.fingerprint !== null && first.fingerprint !== keyed.fingerprint)
    throw new IdempotencyKeyReusedError('Idempotency-Key', idempotencyKey);
  return first.answer;
}
