import { violation, type Decision } from '@tablecast/game-kit';
import type { TournamentEvent } from '@tablecast/events';
import { swissCorrectionAllowed } from '../pairing/swiss-event';
import type { TournamentState } from './state';

/** An arbiter's correction of one player's own play time on one board of a table's result. */
export interface CorrectBoardTime {
  readonly type: 'CorrectBoardTime';
  readonly round: number;
  readonly match: string;
  /** The board as the table's result names it (its deal's commitment, or `<match>.b<n>`). */
  readonly board: string;
  readonly entrant: string;
  readonly seconds: number;
  readonly reason: string;
  /** The arbiter's staff id (the API takes it from the arbiter's token, DEC-T-3). */
  readonly arbiter: string;
  readonly now: string;
}

/**
 * DEC-T-3 (the rules are silent on correcting a board's play time): a recorded time is corrected
 * like a data-entry error in the result (TRN-SWISS-9): up to 5 minutes after the next round's
 * pairing is published (its input standings used the time), and never changes that pairing.
 * Before the next round is published, and after the event's last round, it may be corrected. Only
 * the arbiter may correct it (the API's role check): the table's referee measured it.
 */
export function correctBoardTime(
  command: CorrectBoardTime,
  state: TournamentState,
  unknownRule: string,
): Decision<TournamentEvent> {
  const round = state.rounds[command.round - 1];
  const result = round?.tableResults.get(command.match);
  if (round === undefined || result === undefined)
    return violation(
      unknownRule,
      `match: table ${command.match} of round ${String(command.round)} has no recorded result`,
      '该桌无已登记的成绩',
    );
  const board = result.boards.find((b) => b.board === command.board);
  if (board === undefined)
    return violation(
      unknownRule,
      `board: table ${command.match} played no board ${command.board}`,
      '该桌未打此副牌',
    );
  if (!(command.entrant in board.scores))
    return violation(
      unknownRule,
      `entrant: ${command.entrant} did not play board ${command.board} at table ${command.match}`,
      '该选手未在本桌打此副牌',
    );
  const next = state.rounds[command.round];
  const verdict = swissCorrectionAllowed({
    kind: 'dataEntry',
    raisedAt: Date.parse(command.now),
    ...(next?.publishedAt == null ? {} : { nextPairingPublishedAt: Date.parse(next.publishedAt) }),
  });
  if (!verdict.ok) return violation(verdict.rule, verdict.error, '超过更正时限（下一轮对阵公布后5分钟）');
  return {
    ok: true,
    events: [
      {
        type: 'BoardTimeCorrected',
        data: {
          round: command.round,
          match: command.match,
          board: command.board,
          entrant: command.entrant,
          fromSeconds: board.seconds?.[command.entrant] ?? 0,
          seconds: command.seconds,
          reason: command.reason,
          arbiter: command.arbiter,
          correctedAt: command.now,
        },
      },
    ],
  };
}
