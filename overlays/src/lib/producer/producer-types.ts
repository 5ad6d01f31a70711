import type { OverlayCue } from '@tablecast/protocol';

/**
 * The producer API's answers as the dashboard reads them (the shared contract of issue #9 part
 * two, docs/producer.md). Kept apart from the server's classes: the page is bundled by Vite and
 * must not import Nest code; the server's own tests pin the shapes on its side.
 */

/** A manual overlay moment (`OverlayCue` of the protocol); carries no game data. */
export type { OverlayCue };

export type ObsConnectionState =
  'idle' | 'connecting' | 'connected' | 'reconnecting' | 'auth-failed' | 'closed';

/** What OBS shows (ObsSceneState of the bridge's port). */
export interface ObsSceneState {
  readonly sceneCollection: string;
  readonly scenes: readonly string[];
  readonly programScene: string;
  /** Null unless studio mode is on. */
  readonly previewScene: string | null;
  readonly studioMode: boolean;
}

/** Render and output health (OBS GetStats). */
export interface ObsStats {
  readonly activeFps: number;
  readonly renderSkippedFrames: number;
  readonly renderTotalFrames: number;
  readonly outputSkippedFrames: number;
  readonly outputTotalFrames: number;
  readonly averageFrameRenderTime: number;
}

/** One OBS in the aggregate answer. */
export interface ObsInstanceView {
  readonly name: string;
  readonly url: string;
  readonly state: ObsConnectionState;
  readonly sceneState: ObsSceneState | null;
  readonly stats: ObsStats | null;
}

/** One OBS as `GET /api/obs` lists it (before the aggregate existed; the field is `scenes`). */
export interface ObsInstanceListing {
  readonly name: string;
  readonly url: string;
  readonly state: ObsConnectionState;
  readonly scenes: ObsSceneState | null;
}

export interface RundownItem {
  readonly id: string;
  readonly label: string;
  readonly scene: string;
  readonly notes: string;
}

export interface Rundown {
  readonly revision: number;
  /** The OBS instance the rundown acts on. */
  readonly obs: string;
  readonly items: readonly RundownItem[];
  readonly cuedId: string | null;
  readonly liveId: string | null;
}

/** A connected on-air page (or /watch) as the server's registry sees it. */
export interface OverlayPageView {
  readonly pageId: string;
  readonly page: string;
  readonly build: string;
  readonly matchId: string | null;
  readonly audience: string | null;
  readonly lang: string | null;
  readonly connectedAt: string;
  readonly lastMessageAt: string;
  readonly lastSeq: number | null;
  readonly stale: boolean;
}

export interface DelayClockView {
  readonly matchId: string;
  readonly delaySeconds: number;
  readonly feedState: 'building' | 'live';
  readonly releasedUpTo: string | number | null;
  /** When the broadcast feed goes live, while building (server clock). */
  readonly buildingEndsAt: string | null;
}

export const DIRECTOR_TRIGGERS = [
  'bomb',
  'straightFlush',
  'fourJokers',
  'handEnd',
  'tribute',
  'penalty',
  'matchPoint',
] as const;
export type DirectorTrigger = (typeof DIRECTOR_TRIGGERS)[number];

export type DirectorAction =
  | {
      readonly type: 'switchScene';
      readonly scene: string;
      readonly mode: 'cut' | 'previewAndTake';
      readonly returnAfterMs?: number;
    }
  | { readonly type: 'showMoment'; readonly cue: OverlayCue }
  | { readonly type: 'transition'; readonly transition?: string };

export interface DirectorRule {
  readonly id: string;
  readonly enabled: boolean;
  readonly on: DirectorTrigger;
  readonly action: DirectorAction;
  readonly cooldownMs: number;
  readonly obs?: string;
}

export interface DirectorLogEntry {
  readonly at: string;
  readonly matchId: string;
  readonly moment: string;
  readonly ruleId: string;
  readonly outcome: 'acted' | 'cooldown' | 'disabled' | 'failed';
  readonly detail: string;
}

/** `GET /api/director`. */
export interface DirectorView {
  readonly enabled: boolean;
  readonly rules: readonly DirectorRule[];
  readonly minSceneDwellMs?: number;
  /** Newest first, the last 100. */
  readonly log: readonly DirectorLogEntry[];
}

/** `GET /api/producer/state?matchId=…`, polled once a second. */
export interface ProducerState {
  /** The server's clock when it answered: countdowns run against it, not the laptop's clock. */
  readonly serverNow: string;
  readonly obs: readonly ObsInstanceView[];
  readonly rundown: Rundown | null;
  readonly pages: readonly OverlayPageView[];
  readonly delay: DelayClockView | null;
  readonly director: DirectorView | null;
}

/** `GET /api/matches` as a producer sees it. */
export interface MatchListing {
  readonly matchId: string;
  readonly table: string;
  readonly revision: number;
}
