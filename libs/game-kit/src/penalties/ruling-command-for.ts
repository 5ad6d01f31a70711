import type { RulingEvent } from './penalty-events';
import type { RulingCommand } from './ruling-commands';

/** The command a ruling's event records: each is a decision of its own, one event long. */
export function rulingCommandFor<Seat>(event: RulingEvent<Seat>): RulingCommand<Seat> {
  switch (event.type) {
    case 'PenaltyIssued':
      return {
        type: 'IssuePenalty',
        seat: event.data.seat,
        rule: event.data.rule,
        sanction: event.data.sanction,
        points: event.data.points,
        refereeId: event.data.refereeId,
        note: event.data.note,
        now: event.data.at,
      };
    case 'AppealLodged':
      return {
        type: 'LodgeAppeal',
        penalty: event.data.penalty,
        seat: event.data.seat,
        grounds: event.data.grounds,
        now: event.data.lodgedAt,
      };
    case 'AppealDecided':
      return {
        type: 'DecideAppeal',
        appeal: event.data.appeal,
        votesFor: event.data.votesFor,
        votesAgainst: event.data.votesAgainst,
        now: event.data.decidedAt,
      };
  }
}
