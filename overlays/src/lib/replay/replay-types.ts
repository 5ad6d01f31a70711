import type { Seat, TrickState } from '@tablecast/guandan';

/** What `GET /api/matches/:id/replay?position=N` answers (apps/server/src/arbitration/replay/replay-view.ts). */
export interface ReplayEventData {
  readonly revision: number;
  readonly type: string;
  readonly recordedAt: string;
  readonly actor: { readonly id: string; readonly role: string };
  readonly data: unknown;
  readonly inEffect: boolean;
}

export interface ReplayViewData {
  readonly matchId: string;
  readonly position: number;
  readonly lastPosition: number;
  readonly event: ReplayEventData;
  readonly recent: readonly ReplayEventData[];
  readonly status: string;
  readonly levelNames: { readonly NS: string; readonly EW: string };
  readonly hand: {
    readonly number: number;
    readonly level: string;
    readonly phase: string;
    readonly hands: Readonly<Record<Seat, readonly string[]>>;
    readonly trick: TrickState | null;
    readonly turn: Seat | null;
    readonly finished: readonly Seat[];
  } | null;
  readonly penalties: readonly {
    readonly revision: number;
    readonly seat: Seat;
    readonly sanction: string;
    readonly rule: string;
    readonly imposedByRuling: string | null;
    readonly rescindedByRuling: string | null;
  }[];
  readonly shown: Readonly<
    Record<string, { frames: number; revisionShown: number; lastReleasedAt: string | null }>
  > | null;
}
