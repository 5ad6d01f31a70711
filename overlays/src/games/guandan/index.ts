import type { MatchView, MomentView } from '@tablecast/protocol';
import { guandanWords } from './game-words';
import { MOMENT_ON_AIR_MS } from '../../lib/on-air/moment-timing';
import { defineSkin } from '../skin';
import GuandanLowerThird from './GuandanLowerThird.svelte';
import GuandanMoment from './GuandanMoment.svelte';
import GuandanResult from './GuandanResult.svelte';
import GuandanScorebug from './GuandanScorebug.svelte';
import GuandanStandings from './GuandanStandings.svelte';
import GuandanTable from './GuandanTable.svelte';

/** Guandan on air: four seats in two fixed teams (NS, EW), levels 2 to A. */
export const guandanSkin = defineSkin<MatchView, MomentView>({
  id: 'guandan',
  labels: guandanWords.labels,
  seats: guandanWords.seats,
  Table: GuandanTable,
  Scorebug: GuandanScorebug,
  LowerThird: GuandanLowerThird,
  Moment: GuandanMoment,
  Result: GuandanResult,
  Standings: GuandanStandings,
  moments: {
    latest: (view) => view.moment,
    onAirMs: (moment) => MOMENT_ON_AIR_MS[moment.kind],
  },
});
