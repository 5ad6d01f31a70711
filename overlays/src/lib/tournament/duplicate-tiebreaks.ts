import type { DuplicateStandingsView, DuplicateStandingView } from '@tablecast/protocol';
import type { Lang } from '../i18n';
import { tournamentMessages } from './tournament-messages';

/**
 * What a duplicate standings row says of its tie-break (TRN-TB-4 Dou Dizhu, TRN-TB-5 Big Two): the
 * step that placed it among players of equal S, by its label, with the row's value; empty when S
 * alone placed it. The steps before it were equal for the tied players, so they decided nothing;
 * a row still sharing its place shows the chain's last step. The feed's values are exact; a mean is
 * shown to 2 places, as the documents keep scores (TRN-MP-4), a time as they print it ("220s").
 */
export function decidingTiebreak(
  standings: DuplicateStandingsView,
  row: DuplicateStandingView,
  lang: Lang,
): string {
  const value = row.decidedBy === 0 ? undefined : row.tiebreaks[row.decidedBy - 1];
  if (value === undefined) return '';
  const step = standings.tiebreakOrder.find((s) => s.key === value.key);
  const label = step === undefined ? value.key : lang === 'en' ? step.label.en : step.label.zh;
  const shown = twoPlacesAtMost(value.value);
  const seconds = value.key === 'totalSeconds' || value.key === 'trimmedMeanSeconds';
  return `${label} ${seconds && shown !== '—' ? tournamentMessages[lang].seconds(shown) : shown}`;
}

/** "73.333…" as "73.33"; whole numbers, counts ("2/1") and "—" as they are. */
function twoPlacesAtMost(value: string): string {
  return /^-?\d+\.\d{3,}$/.test(value) ? Number(value).toFixed(2) : value;
}
