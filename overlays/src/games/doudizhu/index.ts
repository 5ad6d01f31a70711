import type { DoudizhuView } from '@tablecast/doudizhu/view';
import { defineSkin } from '../skin';
import DdzSkinLowerThird from './DdzSkinLowerThird.svelte';
import DdzSkinMoment from './DdzSkinMoment.svelte';
import DdzSkinScorebug from './DdzSkinScorebug.svelte';
import DdzSkinStandings from './DdzSkinStandings.svelte';
import DdzSkinTable from './DdzSkinTable.svelte';
import { doudizhuWords } from './game-words';
import { latestMoment, type DoudizhuMomentKind, type DoudizhuSkinMoment } from './labels';

/** How long each moment stays on air, in ms: a play's burst short, a board's ending long enough to read. */
const ON_AIR_MS: Readonly<Record<DoudizhuMomentKind, number>> = {
  bomb: 5_000,
  rocket: 5_000,
  spring: 8_000,
  antiSpring: 8_000,
};

/** Dou Dizhu on air: three seats in playing order (DDZ-GEN-4), one landlord against two each board. */
export const doudizhuSkin = defineSkin<DoudizhuView, DoudizhuSkinMoment>({
  id: 'doudizhu',
  labels: doudizhuWords.labels,
  seats: doudizhuWords.seats,
  Table: DdzSkinTable,
  Scorebug: DdzSkinScorebug,
  LowerThird: DdzSkinLowerThird,
  Moment: DdzSkinMoment,
  Result: DdzSkinStandings,
  Standings: DdzSkinStandings,
  // Between the side seats (x 656–1264), under the centre and the board-end card (y 384/426) and
  // above South's panel at its tallest (y 727): the Dou Dizhu final's moments region (scene-layout.ts).
  momentArea: { x: 660, y: 430, width: 600, height: 295 },
  moments: { latest: latestMoment, onAirMs: (moment) => ON_AIR_MS[moment.kind] },
});
