import { bigtwoModule } from '@tablecast/bigtwo';
import type { CommandRole } from './game-wire';
import { moduleWire } from './module-wire';

/** What happens at the table: keyed by its operator, the referee, or the seat's own terminal. */
const TABLE: readonly CommandRole[] = ['operator', 'referee', 'seat'];
/** Keyed on a player's behalf (an appeal is lodged by the player, B2-APL-1), never by a terminal. */
const STAFF_AT_TABLE: readonly CommandRole[] = ['operator', 'referee'];
/** Sanctions and the committee's decisions (B2-APL-2) are keyed by the referee alone. */
const REFEREE: readonly CommandRole[] = ['referee'];

/** Big Two on the wire: its module's schemas, and who may send which of its commands. */
export const bigtwoWire = moduleWire(bigtwoModule, {
  roles: {
    DealBoard: STAFF_AT_TABLE,
    Show: TABLE,
    Double: TABLE,
    PlayCards: TABLE,
    Pass: TABLE,
    LodgeAppeal: STAFF_AT_TABLE,
    EndMatch: STAFF_AT_TABLE,
    IssuePenalty: REFEREE,
    DecideAppeal: REFEREE,
  },
});
