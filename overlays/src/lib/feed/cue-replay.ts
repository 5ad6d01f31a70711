import type { MatchView, MomentView, OverlayCue, OverlayMoment } from '@tablecast/protocol';

/**
 * The producer's cues replay moments the page has already been shown: a cue carries no
 * game data, so the page remembers the latest moment of each kind from its own feed (released, so
 * nothing can leak) and looks the cue up here. Bomb-class moments are kept per combination
 * (GD-COMBO-8…10) so a "straight flush" cue finds the last straight flush even after a bomb.
 */
type RememberedKind = 'bomb' | 'straightFlush' | 'fourJokers' | 'tribute' | 'handEnd' | 'penalty';
export type RememberedMoments = Readonly<Partial<Record<RememberedKind, MomentView>>>;

function kindOf(moment: MomentView): RememberedKind {
  if (moment.kind !== 'bomb') return moment.kind;
  return moment.as.type === 'straightFlush' || moment.as.type === 'fourJokers' ? moment.as.type : 'bomb';
}

/** Keeps `moment` if it is newer than the one remembered of its kind (a late frame changes nothing). */
export function rememberMoment(memory: RememberedMoments, moment: MomentView | null): RememberedMoments {
  if (moment === null) return memory;
  const kind = kindOf(moment);
  const known = memory[kind];
  if (known !== undefined && known.revision >= moment.revision) return memory;
  return { ...memory, [kind]: moment };
}

/** Views sent before the game was named on the wire are Guandan's: it was the only game. */
function isGuandanView(view: MatchView): boolean {
  return ((view as { readonly game?: string }).game ?? 'guandan') === 'guandan';
}

/**
 * Remembers the view's moment, and for the kinds the page has seen no moment of (it connected
 * after them) rebuilds the latest one from the view itself: the last finished deal (history), this
 * deal's tribute exchange, the last penalty. Those carry revision 0, so any moment the page then
 * sees replaces them. Bombs leave no trace in the view besides `moment`.
 */
export function rememberView(memory: RememberedMoments, view: MatchView | null): RememberedMoments {
  // Only Guandan's view carries these moments; another game's frames leave the memory as it is
  // (its skin draws its own moments, and the producer's replay cues name Guandan's).
  if (view === null || !isGuandanView(view)) return memory;
  let next = rememberMoment(memory, view.moment);
  const rebuilt = (moment: MomentView): void => {
    if (next[kindOf(moment)] === undefined) next = { ...next, [kindOf(moment)]: moment };
  };
  const lastHand = view.history.at(-1);
  if (lastHand !== undefined) rebuilt({ revision: 0, at: view.asOf, kind: 'handEnd', result: lastHand });
  const exchange = view.exchange;
  if (exchange !== null && (exchange.given.length > 0 || exchange.resisted.length > 0))
    rebuilt({ revision: 0, at: view.asOf, kind: 'tribute', exchange });
  const penalty = view.penalties.at(-1);
  if (penalty !== undefined) rebuilt({ revision: 0, at: view.asOf, kind: 'penalty', ...penalty });
  return next;
}

/**
 * The moment a cue asks to replay, or null when the page has none of that kind (it then ignores
 * the cue). `bomb` is the latest of any bomb class, as the moments overlay's bomb card covers all
 * three. `delayBuilding` and `clear` name no moment.
 */
export function momentForCue(memory: RememberedMoments, cue: OverlayMoment): MomentView | null {
  switch (cue) {
    case 'bomb': {
      const candidates = [memory.bomb, memory.straightFlush, memory.fourJokers].filter(
        (m): m is MomentView => m !== undefined,
      );
      return candidates.reduce<MomentView | null>(
        (latest, m) => (latest === null || m.revision > latest.revision ? m : latest),
        null,
      );
    }
    case 'straightFlush':
    case 'fourJokers':
    case 'tribute':
    case 'handEnd':
    case 'penalty':
      return memory[cue] ?? null;
    // Dou Dizhu's moments are no Guandan view's: the page replays them from its game's skin.
    case 'rocket':
    case 'spring':
    case 'antiSpring':
    case 'delayBuilding':
    case 'clear':
      return null;
  }
}

/** A cue as a page acts on it: numbered so the same cue twice is two replays. */
export interface PageCue {
  readonly id: number;
  readonly cue: OverlayCue;
  /** For a moment cue: the remembered moment to replay, or null (nothing to show). */
  readonly moment: MomentView | null;
}

export function resolveCue(memory: RememberedMoments, cue: OverlayCue, id: number): PageCue {
  return { id, cue, moment: 'moment' in cue ? momentForCue(memory, cue.moment) : null };
}
