import type { SkinMoment } from '../../games/skin';

/** The latest moment of each kind a page has shown from its own (released) feed, by kind. */
export type SkinMomentMemory = Readonly<Record<string, SkinMoment>>;

/** Keeps `moment` if it is newer than the one remembered of its kind (a late frame changes nothing). */
export function rememberSkinMoment(memory: SkinMomentMemory, moment: SkinMoment | null): SkinMomentMemory {
  if (moment === null) return memory;
  const known = memory[moment.kind];
  if (known !== undefined && known.revision >= moment.revision) return memory;
  return { ...memory, [moment.kind]: moment };
}

/**
 * The moment a producer's cue replays on a game whose view carries no Guandan moment (Dou Dizhu's
 * rocket, spring, anti-spring, its bomb): the latest of that kind the page's skin drew, or null
 * (nothing to replay, the cue is ignored). A cue carries no game data, so nothing can leak.
 */
export function skinMomentForCue(memory: SkinMomentMemory, kind: string): SkinMoment | null {
  return Object.hasOwn(memory, kind) ? (memory[kind] ?? null) : null;
}
