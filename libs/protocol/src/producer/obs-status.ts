/**
 * What the producer API tells of an OBS instance. The bridge's port
 * (apps/server/src/obs/obs-connection.port.ts) and the producer dashboard use these same types.
 */

export type ObsConnectionState =
  'idle' | 'connecting' | 'connected' | 'reconnecting' | 'auth-failed' | 'closed';

/** What OBS shows, re-read after every (re)connect and kept current from OBS's own events. */
export interface ObsSceneState {
  readonly sceneCollection: string;
  readonly scenes: readonly string[];
  readonly programScene: string;
  /** Null unless studio mode is on. */
  readonly previewScene: string | null;
  readonly studioMode: boolean;
}

/** Render and output health for the dashboard (OBS GetStats). */
export interface ObsStats {
  readonly activeFps: number;
  readonly renderSkippedFrames: number;
  readonly renderTotalFrames: number;
  readonly outputSkippedFrames: number;
  readonly outputTotalFrames: number;
  readonly averageFrameRenderTime: number;
}

/** One OBS as `GET /api/obs` lists it (the field is `scenes`); never its password. */
export interface ObsInstanceListing {
  readonly name: string;
  readonly url: string;
  readonly state: ObsConnectionState;
  readonly scenes: ObsSceneState | null;
}

/** One OBS in `GET /api/producer/state` (the field is `sceneState`). */
export interface ObsInstanceView {
  readonly name: string;
  readonly url: string;
  readonly state: ObsConnectionState;
  readonly sceneState: ObsSceneState | null;
  /** Null when OBS is not connected or did not answer in time. */
  readonly stats: ObsStats | null;
}
