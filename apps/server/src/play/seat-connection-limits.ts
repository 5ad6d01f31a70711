/** The caps of the player terminal's websocket, from the configuration. */
export interface SeatConnectionLimitSettings {
  /** PLAY_MAX_CONNECTIONS */
  readonly total: number;
  /** PLAY_MAX_CONNECTIONS_PER_SEAT */
  readonly perSeat: number;
}

export type SeatAdmission =
  { readonly ok: true } | { readonly ok: false; readonly setting: string; readonly limit: number };

/**
 * Open `/ws/play` connections, overall (counted from the handshake) and per seat (counted from its
 * join). A seat has one player and one tablet: a few connections cover a reconnect that overlaps the
 * old socket, more is a leaked token or a loop, and each one holds a socket and a view push per move.
 * A connection past either cap is refused by the setting's name, never counted.
 */
export class SeatConnectionLimits {
  private total = 0;
  private readonly perSeat = new Map<string, number>();
  private readonly counted = new WeakSet<object>();
  private readonly seatOf = new WeakMap<object, string>();

  constructor(private readonly settings: SeatConnectionLimitSettings) {}

  /** A new connection, before it has joined a seat. */
  connect(socket: object): SeatAdmission {
    if (this.total >= this.settings.total)
      return { ok: false, setting: 'PLAY_MAX_CONNECTIONS', limit: this.settings.total };
    this.total += 1;
    this.counted.add(socket);
    return { ok: true };
  }

  /** The connection joins `seat` (`<match>#<seat>`): one more for that seat, unless it has its cap. */
  join(socket: object, seat: string): SeatAdmission {
    const open = this.perSeat.get(seat) ?? 0;
    if (open >= this.settings.perSeat)
      return { ok: false, setting: 'PLAY_MAX_CONNECTIONS_PER_SEAT', limit: this.settings.perSeat };
    this.perSeat.set(seat, open + 1);
    this.seatOf.set(socket, seat);
    return { ok: true };
  }

  /** The connection closed: it no longer counts, overall or for its seat. */
  release(socket: object): void {
    if (this.counted.delete(socket)) this.total -= 1;
    const seat = this.seatOf.get(socket);
    if (seat === undefined) return;
    this.seatOf.delete(socket);
    const left = (this.perSeat.get(seat) ?? 1) - 1;
    if (left <= 0) this.perSeat.delete(seat);
    else this.perSeat.set(seat, left);
  }
}
