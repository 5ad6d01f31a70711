import { isGameEvent, type AnyGameModule, type GameEvent } from '@tablecast/game-kit';
import { UnknownGameError, gameModule } from '@tablecast/games';
import { DIRECTOR_MOMENTS, type DirectorMoment, type FeedFrame } from '@tablecast/protocol';
import type { DirectorFrame } from '../broadcast/director-frame';
import { RELEASE_CLOCK_TOLERANCE_MS } from './director-moments';

/** A moment of a game's module, released on the broadcast feed, as the director takes it. */
export interface ReleasedGameMoment {
  readonly matchId: string;
  readonly game: string;
  /** The module's moment kind (`momentKinds`): Dou Dizhu's bomb, rocket, spring, anti-spring… */
  readonly kind: string;
  readonly seat: string | null;
  readonly rule: string | null;
  /** Stream revision of the event that made it (one moment of a kind per revision). */
  readonly revision: number;
  readonly recordedAt: string;
}

/** The moments the director's rules can name today; a game's other moments reach it unruled. */
export function asDirectorMoment(kind: string): DirectorMoment | null {
  return (DIRECTOR_MOMENTS as readonly string[]).includes(kind) ? (kind as DirectorMoment) : null;
}

interface MatchFold {
  readonly module: AnyGameModule;
  state: unknown;
  lastRevision: number;
}

/**
 * A match's broadcast frames `1..toSeq` as they went out (the feed's archive), oldest first, or null
 * when they are no longer all kept.
 */
export type ReleasedHistory = (matchId: string, toSeq: number) => readonly FeedFrame[] | null;

/**
 * The on-air moments of every game but Guandan (whose feed view carries its own `moment`), taken
 * from the game's module (`moments(before, event, after)`) over the events the broadcast feed
 * released, and only those: a frame must be on a delayed audience, live, carry its event, and that
 * event must be its delay old (as `momentsReleasedBy` checks). Per match the module folds the
 * released events, which is what the broadcast audience knows (a sealed choice, DDZ-DBL-1, is on no
 * feed, so never in it). A match first seen mid-way (the director started, or the server restarted,
 * after its first frames) is folded first from its released history, the frames before the one in
 * hand, without making moments of them: they were on air before. An event the director has already
 * folded (a frame sent again after a restart) makes no moment twice.
 */
export class GameMoments {
  private readonly matches = new Map<string, MatchFold>();

  constructor(
    private readonly history: ReleasedHistory = () => null,
    /** Told when a match's history is no longer whole: its fold then starts at the frame in hand. */
    private readonly onGap: (matchId: string, seq: number) => void = () => undefined,
  ) {}

  /** The game a frame's view names, when it is not Guandan's (whose view names none). */
  static gameOf(frame: DirectorFrame): string | null {
    const game = (frame.view as { game?: unknown } | null)?.game;
    return typeof game === 'string' && game !== 'guandan' ? game : null;
  }

  /** The module's state of the match as the director has folded it (null before its first frame). */
  stateOf(matchId: string): unknown {
    return this.matches.get(matchId)?.state ?? null;
  }

  releasedBy(frame: DirectorFrame, now: number): ReleasedGameMoment[] {
    const game = GameMoments.gameOf(frame);
    if (game === null) return [];
    if (frame.audience !== 'broadcast' && frame.audience !== 'commentary') return [];
    if (frame.status.state !== 'live' || frame.view === null || frame.event === null) return [];
    const { event } = frame;
    const recordedAtMs = Date.parse(event.recordedAt);
    if (!Number.isFinite(recordedAtMs)) return [];
    if (recordedAtMs + frame.status.delayMs - RELEASE_CLOCK_TOLERANCE_MS > now) return [];
    const fold = this.foldOf(frame, game);
    if (fold === null) return [];
    const folded = foldEvent(fold, frame);
    if (folded === null) return [];
    return fold.module.moments(folded.before, folded.event, fold.state).map((moment) => ({
      matchId: frame.matchId,
      game,
      kind: moment.kind,
      seat: moment.seat,
      rule: moment.rule,
      revision: event.revision,
      recordedAt: event.recordedAt,
    }));
  }

  private foldOf(frame: DirectorFrame, game: string): MatchFold | null {
    const known = this.matches.get(frame.matchId);
    if (known !== undefined) return known.module.id === game ? known : null;
    let module: AnyGameModule;
    try {
      module = gameModule(game);
    } catch (error) {
      if (error instanceof UnknownGameError) return null;
      throw error;
    }
    const fold: MatchFold = { module, state: module.initialState(), lastRevision: -1 };
    if (frame.seq > 1) {
      const earlier = this.history(frame.matchId, frame.seq - 1);
      if (earlier === null) this.onGap(frame.matchId, frame.seq);
      else for (const released of earlier) foldEvent(fold, released);
    }
    this.matches.set(frame.matchId, fold);
    return fold;
  }
}

/** Folds a frame's event into the match, once: the state before it and the event, or null. */
function foldEvent(fold: MatchFold, frame: DirectorFrame): { before: unknown; event: GameEvent } | null {
  const { event } = frame;
  if (event === null || event.revision <= fold.lastRevision) return null;
  fold.lastRevision = event.revision;
  const gameEvent = { type: event.type, data: event.data } as GameEvent;
  if (!isGameEvent(fold.module, gameEvent)) return null;
  const before = fold.state;
  fold.state = fold.module.evolve(before, gameEvent);
  return { before, event: gameEvent };
}
