import { STAFF, type AnyGameModule } from '@tablecast/game-kit';
import { gameModule } from '@tablecast/games';
import type { MatchReadModel, TimelineEntry } from '@tablecast/projections';
import type { GameMatchView, MatchNames } from '@tablecast/protocol';
import type { FoldedTimeline } from './folded-timelines';

/** What the staff view needs of the opening MatchCreated (every game's carries these). */
interface Opening {
  readonly game: string;
  readonly table: string;
  readonly seats: readonly string[];
  readonly players: GameMatchView['players'];
}

/**
 * The platform's fields of the match's opening event, or null when the stream opens otherwise.
 * A MatchCreated stored before the platform's named no game: it is a Guandan match's, and its
 * seats are the module's.
 */
export function openingOf(first: TimelineEntry | undefined): Opening | null {
  if (first?.revision !== 0 || first.type !== 'MatchCreated') return null;
  const data = first.data as {
    game?: string;
    table?: string;
    seats?: readonly (string | number)[];
    players?: readonly { id: string; name: string; seat: string | number }[];
  };
  if (typeof data.table !== 'string') return null;
  const game = data.game ?? 'guandan';
  const seats = data.seats ?? gameModule(game).seats;
  return {
    game,
    table: data.table,
    seats: seats.map(String),
    players: (data.players ?? []).map((p) => ({ seat: String(p.seat), id: p.id, name: p.name })),
  };
}

/**
 * The staff's view of a match for any game: the module's `view(state, staff)` in the protocol's
 * envelope. The state is the read model's where the projections keep one (Guandan's); otherwise
 * the match's timeline folded with its module (the one fold, corrections included), once per revision
 * (FoldedTimelines).
 */
export function staffMatchView(
  opening: Opening,
  matchId: string,
  model: MatchReadModel | undefined,
  folded: (module: AnyGameModule) => FoldedTimeline,
  names: MatchNames | null,
): GameMatchView {
  const module: AnyGameModule = gameModule(opening.game);
  let state: unknown;
  let revision: number;
  let pendingCorrection: MatchReadModel['pendingCorrection'];
  if (model) {
    ({ state, revision, pendingCorrection } = model);
  } else {
    ({ state, revision, pendingCorrection } = folded(module));
  }
  return {
    game: opening.game,
    matchId,
    table: opening.table,
    revision,
    seats: opening.seats,
    players: opening.players,
    pendingCorrection,
    names,
    detail: module.view(state, STAFF),
  };
}
