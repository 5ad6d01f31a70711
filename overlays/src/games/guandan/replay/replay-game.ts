import type { ReplayGame } from '../../../lib/replay/replay-game';
import { eventName } from '../events/event-names';
import { levelLabel, seatLabel, summarizeEvent, teamLabel } from '../events/summarize-event';
import { summaryWords } from '../events/summary-words';
import { guandanCardMarks } from '../card-marks';
import { levelOfDeal } from '../hand-order';
import ReplayTable from './ReplayTable.svelte';

/** Guandan before the committee: its events' names and sentences, seats, pairs, levels and table. */
export const guandanReplay: ReplayGame = {
  eventName,
  summarize: summarizeEvent,
  seatLabel,
  teamLabel,
  levelLabel,
  colon: (lang) => summaryWords[lang].colon,
  cardMarks: (view, lang) => guandanCardMarks(levelOfDeal(view), lang),
  Table: ReplayTable,
};
