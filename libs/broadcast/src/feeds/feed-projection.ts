import { effectiveEvents, isGameEvent } from '@tablecast/game-kit';
import { guandanModule, type MatchState, type Seat } from '@tablecast/guandan';
import type { FeedInput } from './feed-input';
import { NO_FACTS, advanceFacts, type OverlayFacts } from './overlay-facts';

/**
 * The match as the feeds know it: the rules engine's state (every hand) plus what the engine does
 * not keep but the screens show (names, the deck commitment and its reveal). It holds hidden
 * information; only `viewFor` turns it into something an audience may receive.
 */
export interface FeedProjection {
  readonly matchId: string;
  readonly match: MatchState;
  readonly revision: number;
  readonly asOf: string;
  readonly table: string | null;
  readonly teams: { readonly NS: string; readonly EW: string } | null;
  readonly names: Readonly<Record<Seat, string>>;
  readonly deck: {
    readonly handNumber: number;
    readonly commitment: string | null;
    readonly salt: string | null;
    readonly order: readonly string[] | null;
  } | null;
  /** What the overlays show beyond the engine's state (plays per seat, clock, moments, history). */
  readonly facts: OverlayFacts;
}

export function emptyProjection(matchId: string): FeedProjection {
  return {
    matchId,
    match: guandanModule.initialState(),
    revision: -1,
    asOf: '',
    table: null,
    teams: null,
    names: { S: '', E: '', N: '', W: '' },
    deck: null,
    facts: NO_FACTS,
  };
}

export function project(projection: FeedProjection, input: FeedInput): FeedProjection {
  const base = { ...projection, revision: input.revision, asOf: input.recordedAt };
  const { event } = input;
  if (!isGameEvent(guandanModule, event)) return base;
  const match = guandanModule.evolve(projection.match, event);
  const facts = advanceFacts(projection.facts, {
    event,
    after: match,
    revision: input.revision,
    at: input.recordedAt,
  });
  const next = { ...base, match, facts };
  switch (event.type) {
    case 'MatchCreated': {
      const nameOf = (seat: Seat): string => event.data.players.find((p) => p.seat === seat)?.name ?? '';
      return {
        ...next,
        table: event.data.table,
        teams: { NS: event.data.teams.NS.name, EW: event.data.teams.EW.name },
        names: { S: nameOf('S'), E: nameOf('E'), N: nameOf('N'), W: nameOf('W') },
      };
    }
    case 'DeckCommitted':
      return {
        ...next,
        deck: {
          handNumber: event.data.handNumber,
          commitment: event.data.commitment,
          salt: null,
          order: null,
        },
      };
    case 'DeckRevealed':
      return {
        ...next,
        deck: {
          handNumber: event.data.handNumber,
          commitment: next.deck?.handNumber === event.data.handNumber ? next.deck.commitment : null,
          salt: event.data.salt,
          order: event.data.order,
        },
      };
    default:
      return next;
  }
}

/**
 * The projection of a whole match from its inputs, skipping what confirmed keying corrections
 * retracted (`effectiveEvents`): what the table really looks like after a correction.
 */
export function refold(matchId: string, inputs: readonly FeedInput[]): FeedProjection {
  const last = inputs[inputs.length - 1];
  const effective = effectiveEvents(
    inputs.map((input) => ({ ...input.event, revision: input.revision, input })),
  );
  let projection = emptyProjection(matchId);
  for (const { input } of effective) projection = project(projection, input);
  // The view is as of the latest event, even when that event retracted the ones before it.
  return last === undefined ? projection : { ...projection, revision: last.revision, asOf: last.recordedAt };
}
