import type { MatchView, MomentView } from '@tablecast/protocol';
import { seatNames } from './names';
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
  labels: {
    'zh-CN': { name: '掼蛋', seats: seatNames.zh },
    en: { name: 'Guandan', seats: seatNames.en },
  },
  // Play order (GD-SEAT-1): counter-clockwise from South.
  seats: ['S', 'E', 'N', 'W'],
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
