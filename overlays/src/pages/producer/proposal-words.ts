import type { DirectorLogPart, ProgramProposal } from '@tablecast/protocol/producer';
import type { Lang } from '../../lib/i18n';
import { directorLogEn, directorLogZh, wordLogLine } from '../../lib/producer/director-log-words';
import { lowerThirdSeats } from '../../lib/producer/lower-third-seats';

/** A proposal as the dashboard reads it: a server from before the coded proposals sends no `parts`. */
export type ProposalLine = Pick<ProgramProposal, 'detail'> & {
  readonly parts?: readonly DirectorLogPart[] | undefined;
};

/**
 * A proposal's "who, what, which rule" in the dashboard's language, from the same codes as the
 * director's log (director-log-words.ts). Seats are named by the skin of the moment's game (another
 * game's moment names it; Guandan's moments are Guandan's). No parts, an empty list or a code this
 * dashboard does not know: the server's own text.
 */
export function proposalLine(
  proposal: ProposalLine,
  lang: Lang,
  momentName: (moment: string) => string,
): string {
  const parts = proposal.parts;
  if (parts === undefined || parts.length === 0) return proposal.detail;
  const game = parts.find((p) => p.code === 'gameMoment')?.params;
  const seats = lowerThirdSeats(game !== undefined && 'game' in game ? game.game : null, lang);
  const worded = wordLogLine(lang === 'en' ? directorLogEn : directorLogZh, parts, {
    moment: momentName,
    seat: (seat) => seats.find((s) => s.seat === seat)?.name ?? seat,
  });
  return worded ?? proposal.detail;
}
