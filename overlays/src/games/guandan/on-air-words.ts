import { messages, type Lang } from '../../lib/i18n';
import type { OnAirCatalog } from '../../lib/on-air-messages';
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
 * The on-air catalog as Guandan's graphics read it: the shared words (delay, signal, places,
 * levels…) plus the game's own names of its seats, pairs and combinations (木板, 钢板, 三带对,
 * 四大天王), the same words the console uses (names.ts).
 */
export interface GuandanOnAir extends OnAirCatalog {
  readonly seats: Readonly<Record<Seat, string>>;
  readonly teams: Readonly<Record<Team, string>>;
  readonly combos: Readonly<Record<ComboType, string>>;
}

export const guandanOnAir: Readonly<Record<Lang, GuandanOnAir>> = {
  'zh-CN': { ...messages['zh-CN'].onAir, seats: seatNames.zh, teams: teamNames.zh, combos: comboNamesZh },
  en: { ...messages.en.onAir, seats: seatNames.en, teams: teamNames.en, combos: comboNamesEn },
};
