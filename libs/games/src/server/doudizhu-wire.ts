import { ddzCga2017, doudizhuModule } from '@tablecast/doudizhu';
import { duplicateTournamentMatch } from './duplicate-tournament';
import type { CommandRole } from './game-wire';
import { moduleWire } from './module-wire';

/** What happens at the table: keyed by its operator, the referee, or the seat's own terminal. */
const TABLE: readonly CommandRole[] = ['operator', 'referee', 'seat'];
/** Keyed on a player's behalf (an appeal is lodged by the player, DDZ-APL-1), never by a terminal. */
const STAFF_AT_TABLE: readonly CommandRole[] = ['operator', 'referee'];
/** Sanctions and the committee's decisions (DDZ-APL-2) are keyed by the referee alone. */
const REFEREE: readonly CommandRole[] = ['referee'];

/** Dou Dizhu on the wire: its module's schemas, and who may send which of its commands. */
export const doudizhuWire = moduleWire(doudizhuModule, {
  roles: {
    DealBoard: STAFF_AT_TABLE,
    Bid: TABLE,
    Double: TABLE,
    Redouble: TABLE,
    PlayCards: TABLE,
    Pass: TABLE,
    LodgeAppeal: STAFF_AT_TABLE,
    EndMatch: STAFF_AT_TABLE,
    IssuePenalty: REFEREE,
    DecideAppeal: REFEREE,
  },
  // DDZ-GEN-4: seats 0, 1, 2 in playing order; the 000-era ruleset (002) by the event's name for it.
  tournamentMatch: duplicateTournamentMatch({
    game: doudizhuModule.id,
    seats: [0, 1, 2],
    rulesets: { cga2017: ddzCga2017 },
  }),
});
