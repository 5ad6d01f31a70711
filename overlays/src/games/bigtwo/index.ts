import type { BigTwoView } from '@tablecast/bigtwo/view';
import { defineSkin } from '../skin';
import B2SkinLowerThird from './B2SkinLowerThird.svelte';
import B2SkinMoment from './B2SkinMoment.svelte';
import B2SkinScorebug from './B2SkinScorebug.svelte';
import B2SkinStandings from './B2SkinStandings.svelte';
import B2SkinTable from './B2SkinTable.svelte';
import { bigtwoWords } from './game-words';
import { latestMoment, type BigTwoMomentKind, type BigTwoSkinMoment } from './labels';

/** How long each moment stays on air, in ms: a board's ending long enough to read. */
const ON_AIR_MS: Readonly<Record<BigTwoMomentKind, number>> = { boardEnd: 8_000 };

/** Big Two on air: four seats in playing order S → E → N → W (B2-SEAT-1), every player for himself. */
export const bigtwoSkin = defineSkin<BigTwoView, BigTwoSkinMoment>({
  id: 'bigtwo',
  labels: bigtwoWords.labels,
  seats: bigtwoWords.seats,
  Table: B2SkinTable,
  Scorebug: B2SkinScorebug,
  LowerThird: B2SkinLowerThird,
  Moment: B2SkinMoment,
  Result: B2SkinStandings,
  Standings: B2SkinStandings,
  // Below the board-end card (y 572), between West and East (x 636–1284) and above South's panel
  // (y 739): the Big Two final's moments region (scene-layout.ts).
  momentArea: { x: 640, y: 576, width: 640, height: 160 },
  moments: { latest: latestMoment, onAirMs: (moment) => ON_AIR_MS[moment.kind] },
});
