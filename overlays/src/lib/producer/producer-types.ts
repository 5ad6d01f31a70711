import type { DirectorStatus, ProducerState as ProducerStateAnswer, Rundown } from '@tablecast/protocol';

/**
 * The producer API's answers as the dashboard reads them. The shapes are the contract's
 * (libs/protocol/src/producer, docs/producer.md), the same types the server answers with; type-only
 * imports, so nothing of the protocol's zod reaches the page. Where the dashboard also reads an
 * older server or composes the answer from the separate routes, the type below says what may be
 * missing.
 */
export type {
  DelayClockView,
  DirectorAction,
  DirectorLogEntry,
  DirectorRule,
  ObsConnectionState,
  ObsInstanceListing,
  ObsInstanceView,
  ObsMirrorStatus,
  ObsSceneState,
  ObsStats,
  OverlayCue,
  OverlayPageView,
  Rundown,
  RundownItem,
} from '@tablecast/protocol';

/** A director log line; a server from before the coded log sends its English `detail` only. */
export type DirectorLogLine = Omit<DirectorStatus['log'][number], 'parts'> & {
  readonly parts?: DirectorStatus['log'][number]['parts'];
};

/**
 * `GET /api/director`; a server from before the dwell setting answers without `minSceneDwellMs`,
 * one from before the coded log without the lines' `parts`.
 */
export type DirectorView = Omit<DirectorStatus, 'minSceneDwellMs' | 'log'> & {
  readonly minSceneDwellMs?: number;
  readonly log: readonly DirectorLogLine[];
};

/**
 * `GET /api/producer/state?matchId=…`, polled once a second. Composed from the separate routes on
 * a server without the aggregate, where the rundown may be unavailable (null).
 */
export type ProducerState = Omit<ProducerStateAnswer, 'rundown' | 'director' | 'programTable'> & {
  readonly rundown: Rundown | null;
  readonly director: DirectorView | null;
  /** Absent from a server from before the program table, and from the composed answer. */
  readonly programTable?: ProducerStateAnswer['programTable'];
};

/** `GET /api/matches/:matchId/broadcast-delay`: the delay in force and the revision to change it against. */
export interface BroadcastDelayInForce {
  readonly delayMs: number;
  readonly revision: number;
}

/** `GET /api/matches` as a producer sees it. */
export interface MatchListing {
  readonly matchId: string;
  readonly table: string;
  readonly revision: number;
}
