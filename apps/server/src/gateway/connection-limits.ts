import type { WebSocket } from 'ws';

export interface ConnectionLimitSettings {
  /** WS_MAX_CONNECTIONS */
  readonly total: number;
  /** WS_MAX_CONNECTIONS_PER_ADDRESS */
  readonly perAddress: number;
  /** The settings' names a refusal gives, when another endpoint has its own (default WS_MAX_*). */
  readonly names?: { readonly total: string; readonly perAddress: string };
}

/**
 * Open websocket connections, overall and per remote address. A connection past either cap is
 * refused by name (the setting) rather than accepted: each one holds a socket, a parser and its
 * subscriptions, and a flood of them would otherwise take every match's feed down with it.
 */
export class ConnectionLimits {
  private total = 0;
  private readonly perAddress = new Map<string, number>();
  private readonly addressOf = new WeakMap<WebSocket, string>();

  constructor(private readonly settings: ConnectionLimitSettings) {}

  /** Counts the connection in, or says which setting refuses it (then it is not counted). */
  admit(socket: WebSocket, address: string): { ok: true } | { ok: false; setting: string; limit: number } {
    if (this.total >= this.settings.total) {
      return {
        ok: false,
        setting: this.settings.names?.total ?? 'WS_MAX_CONNECTIONS',
        limit: this.settings.total,
      };
    }
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (fromAddress >= this.settings.perAddress) {
      return {
        ok: false,
        setting: this.settings.names?.perAddress ?? 'WS_MAX_CONNECTIONS_PER_ADDRESS',
        limit: this.settings.perAddress,
      };
    }
    this.total += 1;
    this.perAddress.set(address, fromAddress + 1);
    this.addressOf.set(socket, address);
    return { ok: true };
  }

  /** The connection closed; a refused one was never counted. */
  release(socket: WebSocket): void {
    const address = this.addressOf.get(socket);
    if (address === undefined) return;
    this.addressOf.delete(socket);
    this.total -= 1;
    const left = (this.perAddress.get(address) ?? 1) - 1;
    if (left === 0) this.perAddress.delete(address);
    else this.perAddress.set(address, left);
  }
}
