import type { ReplayView } from '@tablecast/protocol';
import { sendAgainWhileRefusedForAWhile } from '../console/http-resend';

/** Fetches the replay view at a position (undefined: the last); rejects with a message to show. */
export type ReplayFetcher = (position: number | undefined) => Promise<ReplayView>;

export interface ReplayState {
  readonly view: ReplayView | null;
  readonly loading: boolean;
  readonly error: string | null;
}

/**
 * The replay page's headless state: one position at a time, stepping forwards and backwards and
 * jumping, clamped to the match. A slower answer for an older request never overwrites a newer one
 * (each request is numbered), so holding an arrow key leaves the page on the last position asked.
 */
export class ReplayStore {
  private state: ReplayState = { view: null, loading: false, error: null };
  private requested = 0;
  private readonly listeners = new Set<(state: ReplayState) => void>();

  constructor(private readonly fetchView: ReplayFetcher) {}

  subscribe(listener: (state: ReplayState) => void): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => this.listeners.delete(listener);
  }

  get current(): ReplayState {
    return this.state;
  }

  /** Position to show: `position` clamped to 0…last (the last once known). */
  clamp(position: number): number {
    const last = this.state.view?.lastPosition ?? Number.MAX_SAFE_INTEGER;
    return Math.max(0, Math.min(last, Math.trunc(position)));
  }

  next(): Promise<void> {
    return this.go((this.state.view?.position ?? -1) + 1);
  }

  previous(): Promise<void> {
    return this.go((this.state.view?.position ?? 1) - 1);
  }

  go(position: number | undefined): Promise<void> {
    const target = position === undefined ? undefined : this.clamp(position);
    if (target !== undefined && target === this.state.view?.position) return Promise.resolve();
    return this.load(target);
  }

  /**
   * Reads the shown position again: a ruling may have appended corrections to the match stream,
   * so the last position and the penalties' marks change while the position stays.
   */
  refresh(): Promise<void> {
    return this.load(this.state.view?.position);
  }

  private async load(target: number | undefined): Promise<void> {
    const ticket = (this.requested += 1);
    this.set({ ...this.state, loading: true });
    try {
      const view = await this.fetchView(target);
      if (ticket === this.requested) this.set({ view, loading: false, error: null });
    } catch (error) {
      if (ticket === this.requested) {
        this.set({
          ...this.state,
          loading: false,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  private set(state: ReplayState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}

/**
 * The replay API over HTTP with the arbiter's bearer token. A read refused for a while (503 with
 * Retry-After: the log busy or unreachable) is sent again after that wait, a few times.
 */
export function httpReplayFetcher(origin: string, matchId: string, token: string): ReplayFetcher {
  return async (position) => {
    const query = position === undefined ? '' : `?position=${String(position)}`;
    const response = await sendAgainWhileRefusedForAWhile(() =>
      fetch(`${origin}/api/matches/${encodeURIComponent(matchId)}/replay${query}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    const body = (await response.json()) as ReplayView & { message?: string };
    if (!response.ok) throw new Error(`${String(response.status)}: ${body.message ?? response.statusText}`);
    return body;
  };
}
