import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevisionError } from '@tablecast/event-store';
import { matchStream, tournamentEvents, tournamentStream, type TournamentEvent } from '@tablecast/events';
import {
  decideTournament,
  TournamentProjection,
  type RoundState,
  type TournamentCommand,
  type TournamentState,
} from '@tablecast/tournament';
import type { DealLevels } from './annex-sheets';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/roles';
import { CLOCK, type Clock } from '../clock/clock';
import { NotFoundError } from '../errors';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { TournamentConflictError, tournamentRefusal } from './tournament.errors';

const TOURNAMENT_TYPES: ReadonlySet<string> = new Set(tournamentEvents.map((d) => d.type));

/** A command as the API sends it: the service stamps the time. */
export type TournamentRequest = TournamentCommand extends infer C
  ? C extends { readonly now: string }
    ? Omit<C, 'now'>
    : C
  : never;

export interface TournamentRead {
  readonly projection: TournamentProjection;
  /** The stream's last revision, -1 when it does not exist. */
  readonly revision: number;
}

/**
 * The tournament stream's write path: read the stream, fold it, decide, append against the
 * revision read (a concurrent writer gets 409). The standings are the projection's (an incremental
 * ledger fed by the same fold).
 */
@Injectable()
export class TournamentService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async read(tournamentId: string): Promise<TournamentRead> {
    const recorded = await this.store.readStream(tournamentStream(tournamentId));
    const projection = new TournamentProjection();
    for (const event of recorded)
      if (TOURNAMENT_TYPES.has(event.type)) projection.apply(event as unknown as TournamentEvent);
    return { projection, revision: recorded.at(-1)?.revision ?? -1 };
  }

  async existing(tournamentId: string): Promise<TournamentRead> {
    const read = await this.read(tournamentId);
    if (read.projection.state.created === null)
      throw new NotFoundError(`tournament ${tournamentId} does not exist`);
    return read;
  }

  async run(
    tournamentId: string,
    requests: readonly TournamentRequest[],
    principal: Principal,
    /** The revision the caller decided on, when it read one: a stream moved on since is a 409. */
    expectedRevision?: number,
    /**
     * What the requests' events make due, decided on the state they leave and appended with them
     * in one write (a result that completes a board set, and the release of its seed).
     */
    followUp?: (state: TournamentState) => readonly TournamentRequest[],
  ): Promise<{ events: readonly TournamentEvent[]; revision: number }> {
    const { projection, revision } = await this.read(tournamentId);
    if (expectedRevision !== undefined && expectedRevision !== revision)
      throw new TournamentConflictError(
        `revision: tournament ${tournamentId} is at revision ${String(revision)}, not ${String(expectedRevision)}; read it and retry`,
        null,
      );
    const now = new Date(this.clock.now()).toISOString();
    const events: TournamentEvent[] = [];
    let state = projection.state;
    const decideAll = (batch: readonly TournamentRequest[]): void => {
      for (const request of batch) {
        const command = { ...request, now } as TournamentCommand;
        const decision = decideTournament(command, state);
        if (!decision.ok) throw tournamentRefusal(tournamentId, decision);
        for (const event of decision.events) {
          projection.apply(event);
          events.push(event);
        }
        state = projection.state;
      }
    };
    decideAll(requests);
    if (followUp !== undefined) decideAll(followUp(state));
    if (events.length === 0) return { events, revision };
    const correlationId = randomUUID();
    try {
      const appended = await this.store.append(
        tournamentStream(tournamentId),
        events.map((event) => ({
          ...event,
          metadata: {
            correlationId,
            causationId: null,
            actor: { id: principal.actorId, role: principal.role },
          },
        })),
        revision === -1 ? 'no_stream' : revision,
      );
      return { events, revision: appended.nextRevision };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError)
        throw new TournamentConflictError(
          `tournament ${tournamentId} changed while this command was decided; read it and retry`,
          null,
        );
      throw error;
    }
  }

  /** The levels each side reached after each deal (HandEnded) in the round's matches, by match id. */
  async dealLevels(round: RoundState): Promise<Map<string, DealLevels>> {
    const levels = new Map<string, DealLevels>();
    for (const pairing of round.pairings.values()) {
      if (pairing.matchId === undefined) continue;
      const ended = (await this.store.readStream(matchStream(pairing.matchId))).filter(
        (e) => e.type === 'HandEnded',
      );
      const after = ended.map((e) => (e.data as { levelsAfter: { NS: number; EW: number } }).levelsAfter);
      levels.set(pairing.matchId, { NS: after.map((l) => l.NS), EW: after.map((l) => l.EW) });
    }
    return levels;
  }
}
