import { messages, type Lang } from '../../lib/i18n';
import type { OnAirCatalog } from '../../lib/on-air-messages';
import { guandanWordsEn, guandanWordsZh, type GuandanWatchWords, type GuandanWords } from './on-air-catalog';
import {
  comboNamesEn,
  comboNamesZh,
  seatNames,
  teamNames,
  type ComboType,
  type Seat,
  type Team,
} from './names';

/**
 * The on-air catalog as Guandan's graphics read it: the frame's shared words (delay, signal,
 * sanctions…), the game's own (places, levels, tribute, the deal's end: on-air-catalog.ts), and its
 * names of its seats, pairs and combinations (木板, 钢板, 三带对, 四大天王), the same words the
 * console uses (names.ts).
 */
export interface GuandanOnAir extends Omit<OnAirCatalog, 'watch'>, Omit<GuandanWords, 'watch'> {
  readonly watch: OnAirCatalog['watch'] & GuandanWatchWords;
  readonly seats: Readonly<Record<Seat, string>>;
  readonly teams: Readonly<Record<Team, string>>;
  readonly combos: Readonly<Record<ComboType, string>>;
}

function guandanOnAirOf(
  shared: OnAirCatalog,
  own: GuandanWords,
): Omit<GuandanOnAir, 'seats' | 'teams' | 'combos'> {
  return { ...shared, ...own, watch: { ...shared.watch, ...own.watch } };
}

export const guandanOnAir: Readonly<Record<Lang, GuandanOnAir>> = {
  'zh-CN': {
    ...guandanOnAirOf(messages['zh-CN'].onAir, guandanWordsZh),
    seats: seatNames.zh,
    teams: teamNames.zh,
    combos: comboNamesZh,
  },
  en: {
    ...guandanOnAirOf(messages.en.onAir, guandanWordsEn),
    seats: seatNames.en,
    teams: teamNames.en,
    combos: comboNamesEn,
  },
};
