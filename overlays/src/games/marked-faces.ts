import type { MarkedFace } from '../lib/cards/card-mark';
import type { Lang } from '../lib/i18n';
import { guandanMarkedFaces } from './guandan/card-marks';

/**
 * The faces each game draws with a mark of its own (card-mark.ts), by game id: the on-air pages
 * that draw hands make their bitmaps in idle time at load (lib/cards/card-bitmaps.ts). Kept apart
 * from the skins, so a page that needs only these loads no game's screens. A game with no marked
 * cards (Dou Dizhu, Big Two) has no entry.
 */
const MARKED: Readonly<Record<string, (lang: Lang) => readonly MarkedFace[]>> = {
  guandan: guandanMarkedFaces,
};

/**
 * Every game's marked faces: a page made at load does not know yet which game its feed will
 * show. Only Guandan marks cards today.
 */
export function markedFacesOfEveryGame(lang: Lang): MarkedFace[] {
  return Object.values(MARKED).flatMap((marked) => marked(lang));
}
