import { BROADCAST, VENUE, type OnAirMoment } from '@tablecast/game-kit';
import {
  doudizhuModule,
  evolveDoudizhu,
  playRandomBoards,
  type DoudizhuState,
  type DoudizhuView,
} from '@tablecast/doudizhu';

/** A moment of a seeded Dou Dizhu match, with the state right after it. */
export interface DoudizhuScene {
  readonly moment: OnAirMoment;
  readonly state: DoudizhuState;
  /** The state after the next command (null if none followed): a moment must not be shown again. */
  readonly later: DoudizhuState | null;
}

export type DoudizhuSceneKind = 'bomb' | 'rocket' | 'spring' | 'antiSpring';
const KINDS: readonly DoudizhuSceneKind[] = ['bomb', 'rocket', 'spring', 'antiSpring'];

/** Seeded so the pictures hold still: the names a final might have, long enough to test the room. */
export const DOUDIZHU_SCENE_SEED = 'ddz-skin-e2e';
export const DOUDIZHU_SCENE_NAMES = ['王立明', '欧阳青青', '陈思远'] as const;

/**
 * Plays a seeded match with the library's random legal bots and keeps, for each moment kind the
 * skin draws, the state right after the first event the module names that moment for (its
 * `moments`): the skin is then shown what the module really produces, not a hand-written view.
 * A bomb is kept only after a first board and with the doubles revealed (DDZ-DBL-1), so the
 * picture has running totals and both doubles.
 */
export function doudizhuScenes(boards = 30): Readonly<Record<DoudizhuSceneKind, DoudizhuScene>> {
  const found = new Map<
    DoudizhuSceneKind,
    { moment: OnAirMoment; state: DoudizhuState; later: DoudizhuState | null }
  >();
  const played = playRandomBoards({
    seed: DOUDIZHU_SCENE_SEED,
    boards,
    names: DOUDIZHU_SCENE_NAMES,
    // Followers who often pass although they could play: spring and anti-spring (DDZ-END-2/3) then
    // come up within a few dozen boards instead of hardly ever.
    passPerMille: 850,
    onStep: ({ before, events, after }) => {
      for (const scene of found.values()) scene.later ??= after;
      let state = before;
      for (const event of events) {
        const next = evolveDoudizhu(state, event);
        for (const moment of doudizhuModule.moments(state, event, next)) {
          const kind = KINDS.find((k) => k === moment.kind);
          if (kind === undefined || found.has(kind)) continue;
          if (kind === 'bomb' && !(next.board?.doublesRevealed === true && next.boardsPlayed > 0)) continue;
          found.set(kind, { moment, state: next, later: null });
        }
        state = next;
      }
    },
  });
  if (!played.ok) throw new Error(`the seeded match broke a rule: ${played.violation.rule}`);
  const missing = KINDS.filter((k) => !found.has(k));
  if (missing.length > 0) throw new Error(`no ${missing.join(', ')} in ${String(boards)} seeded boards`);
  return Object.fromEntries(found) as Record<DoudizhuSceneKind, DoudizhuScene>;
}

/** The module's own view of a scene for a feed: the venue's (live, no hands) or the broadcast's. */
export function sceneView(scene: DoudizhuScene, feed: 'venue' | 'broadcast'): DoudizhuView {
  return doudizhuModule.view(scene.state, feed === 'venue' ? VENUE : BROADCAST);
}
