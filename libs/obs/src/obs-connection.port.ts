import type { ObsConnectionState, ObsSceneState, ObsStats } from '@tablecast/protocol';

/**
 * The OBS calls the product needs, independent of the websocket library. The server (scene setup,
 * the producer dashboard, recording markers) talks to OBS only through this port; the adapter over
 * obs-websocket-js adds timeouts, reconnects, liveness and re-sync.
 */

// The state, scenes and stats the producer API answers with are the contract's types.
export type { ObsConnectionState, ObsSceneState, ObsStats } from '@tablecast/protocol';

export interface ObsVersion {
  readonly obsVersion: string;
  readonly obsWebSocketVersion: string;
  readonly rpcVersion: number;
  readonly availableRequests: readonly string[];
}

export interface ObsInput {
  readonly inputName: string;
  readonly inputKind: string;
}

export interface ObsSceneItem {
  readonly sceneItemId: number;
  readonly sourceName: string;
  readonly enabled: boolean;
}

/** Subset of OBS's scene item transform that scene setup writes. */
export interface ObsItemTransform {
  readonly positionX: number;
  readonly positionY: number;
  /** OBS alignment bits: 0 centre, 1 left, 2 right, 4 top, 8 bottom (5 = top left). */
  readonly alignment: number;
  readonly boundsType: 'OBS_BOUNDS_NONE' | 'OBS_BOUNDS_SCALE_INNER' | 'OBS_BOUNDS_STRETCH';
  /** Required unless boundsType is OBS_BOUNDS_NONE. */
  readonly boundsWidth?: number;
  readonly boundsHeight?: number;
}

export type ObsSettingValue = string | number | boolean | { readonly [key: string]: ObsSettingValue };
export type ObsSettings = Readonly<Record<string, ObsSettingValue>>;

export interface ObsConnection {
  /** The configured instance name (main, backup); every error names it. */
  readonly name: string;
  readonly state: ObsConnectionState;
  /** Scene state as of the last sync; null before the first connection. */
  readonly sceneState: ObsSceneState | null;

  /** Connects (and keeps reconnecting in the background until close). Rejects on the first failure. */
  start(): Promise<void>;
  close(): Promise<void>;
  /** Called after every successful (re)connect and re-sync, and on every state change. */
  onStateChange(listener: (state: ObsConnectionState) => void): () => void;

  getVersion(): Promise<ObsVersion>;
  getStats(): Promise<ObsStats>;
  getVideoSize(): Promise<{ width: number; height: number }>;

  listSceneCollections(): Promise<{ current: string; collections: readonly string[] }>;
  /** Creates the collection if missing, then makes it current. */
  useSceneCollection(name: string): Promise<void>;

  listScenes(): Promise<readonly string[]>;
  createScene(name: string): Promise<void>;
  listInputKinds(): Promise<readonly string[]>;
  listInputs(): Promise<readonly ObsInput[]>;
  createInput(input: {
    sceneName: string;
    inputName: string;
    inputKind: string;
    settings: ObsSettings;
  }): Promise<number>;
  getInputSettings(inputName: string): Promise<Record<string, unknown>>;
  setInputSettings(inputName: string, settings: ObsSettings): Promise<void>;
  listSceneItems(sceneName: string): Promise<readonly ObsSceneItem[]>;
  addSceneItem(sceneName: string, sourceName: string): Promise<number>;
  setSceneItemTransform(sceneName: string, sceneItemId: number, transform: ObsItemTransform): Promise<void>;
  setSceneItemEnabled(sceneName: string, sceneItemId: number, enabled: boolean): Promise<void>;

  getProgramScene(): Promise<string>;
  setProgramScene(name: string): Promise<void>;
  getPreviewScene(): Promise<string>;
  setPreviewScene(name: string): Promise<void>;
  setStudioMode(enabled: boolean): Promise<void>;
  /**
   * Studio mode: put preview on air with the current transition, or first make `transition` the
   * current one (it stays selected, as when chosen in OBS's transition dock).
   */
  transitionToProgram(transition?: string): Promise<void>;

  /** PNG of a source or scene as OBS renders it, width x height. */
  screenshot(sourceName: string, size: { width: number; height: number }): Promise<Buffer>;

  /**
   * Adds a chapter marker to the running recording. OBS 30.2+ (obs-websocket 5.5) has
   * CreateRecordChapter; older builds (Debian's OBS 29 with 5.1) answer "unknown request", which
   * is reported as { supported: false } rather than thrown, so the show goes on.
   */
  createRecordChapter(chapterName: string): Promise<{ supported: boolean }>;
}
