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

/**
 * How a backup OBS follows the main's program: every scene the rundown takes or the auto-director
 * cuts to on the main is sent to it too, without the main waiting for it.
 */
export interface ObsMirrorStatus {
  /** The main's program scene the backup was last sent; null before the first. */
  readonly scene: string | null;
  /** `pending` while it is on its way, `ok` once the backup took it, `failed` with `error`. */
  readonly state: 'idle' | 'pending' | 'ok' | 'failed';
  readonly error: string | null;
}

/** One OBS in `GET /api/producer/state` (the field is `sceneState`). */
export interface ObsInstanceView {
  readonly name: string;
  readonly url: string;
  readonly state: ObsConnectionState;
  readonly sceneState: ObsSceneState | null;
  /** Null when OBS is not connected or did not answer in time. */
  readonly stats: ObsStats | null;
  /** A backup's following of the main's program; null for the main (absent from older servers). */
  readonly mirror?: ObsMirrorStatus | null;
}
