import OBSWebSocket, { EventSubscription, OBSWebSocketError } from 'obs-websocket-js/json';
import type { OBSRequestTypes, OBSResponseTypes } from 'obs-websocket-js/json';
import type {
  ObsConnection,
  ObsConnectionState,
  ObsInput,
  ObsItemTransform,
  ObsSceneItem,
  ObsSceneState,
  ObsSettings,
  ObsStats,
  ObsVersion,
} from '@tablecast/obs';
import {
  ObsAuthError,
  ObsDisconnectedError,
  ObsError,
  ObsRequestError,
  ObsTimeoutError,
  ObsUnavailableError,
} from './obs.errors';

export interface ObsAdapterOptions {
  readonly name: string;
  readonly url: string;
  /** Never logged, never returned by any method. */
  readonly password?: string;
  /** How long an ordinary request may go unanswered (5 s). */
  readonly requestTimeoutMs?: number;
  /**
   * How long a request that changes the scene collection may go unanswered:
   * COLLECTION_CHANGE_TIMEOUT_MS, or requestTimeoutMs if that is longer.
   */
  readonly collectionChangeTimeoutMs?: number;
  /** First reconnect delay; doubles per failed attempt up to maxBackoffMs. */
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** How often GetStats proves OBS still answers (a frozen OBS keeps its socket open). */
  readonly livenessIntervalMs?: number;
  readonly onLog?: (level: 'info' | 'warn', message: string) => void;
}

/** obs-websocket close code for a wrong password (WebSocketCloseCode.AuthenticationFailed). */
const AUTHENTICATION_FAILED = 4009;
/** Request status UnknownRequestType: the OBS build predates the request. */
const UNKNOWN_REQUEST_TYPE = 204;

/**
 * How long OBS may take to change the scene collection. CreateSceneCollection and
 * SetCurrentSceneCollection are answered only once OBS has unloaded the old collection and loaded
 * the new one, every scene and source in it (browser sources start a page each): seconds on a
 * busy machine, where the ordinary 5 s cut a setup off while OBS was still loading and the
 * producer got a 503 for a switch that then completed. (The CLI's setup already ran its whole
 * bridge on 10 s, run-obs-setup.ts; its collection changes now get these 20 s too.)
 */
export const COLLECTION_CHANGE_TIMEOUT_MS = 20_000;

/**
 * The requests whose answer carries the program scene's name. OBS 29 (obs-websocket 5.1) reads it
 * on a worker thread while its UI thread switches studio mode, when the program scene is briefly
 * none: OBS then aborts ("basic_string: construction from null", seen on a loaded machine), so
 * these wait while a studio-mode switch of ours is in flight (see setStudioMode).
 */
const PROGRAM_SCENE_READS: ReadonlySet<string> = new Set([
  'GetCurrentProgramScene',
  'GetSceneList',
  'GetCurrentPreviewScene',
]);

/** The requests that make OBS load a whole scene collection before it answers. */
const COLLECTION_CHANGES: ReadonlySet<string> = new Set([
  'CreateSceneCollection',
  'SetCurrentSceneCollection',
]);

/** Names in OBS's loosely typed JSON lists (JsonObject values) are strings. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

interface Pending {
  readonly requestType: string;
  readonly reject: (error: Error) => void;
}

/**
 * The ObsConnection port over obs-websocket-js v5, with what the library lacks: a timeout on
 * every request, every in-flight request rejected when the socket drops (the library leaves them
 * pending forever), reconnect with exponential backoff, a liveness probe, and a re-sync of the
 * scene state after each reconnect. One library client per connection attempt, so a dead
 * socket's late events cannot touch the live one.
 */
export class ObsWebSocketConnection implements ObsConnection {
  readonly name: string;
  private readonly requestTimeoutMs: number;
  private readonly collectionChangeTimeoutMs: number;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly livenessIntervalMs: number;
  private client: OBSWebSocket | null = null;
  private current: ObsConnectionState = 'idle';
  private scenes: ObsSceneState | null = null;
  private readonly pending = new Set<Pending>();
  private readonly listeners = new Set<(state: ObsConnectionState) => void>();
  private reconnectTimer: NodeJS.Timeout | null = null;
  private livenessTimer: NodeJS.Timeout | null = null;
  private failedAttempts = 0;
  /** StudioModeStateChanged events seen so far; see setStudioMode. */
  private studioEvents = 0;
  /** Scene events seen so far; see resync. */
  private sceneEvents = 0;
  /** Collection changes in flight: OBS is loading a collection and may answer nothing else meanwhile. */
  private collectionChanges = 0;
  /** Settles when our studio-mode switch has ended (OBS said so, or we gave up waiting); see PROGRAM_SCENE_READS. */
  private studioSwitch: Promise<void> | null = null;

  constructor(private readonly options: ObsAdapterOptions) {
    this.name = options.name;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 5000;
    this.collectionChangeTimeoutMs =
      options.collectionChangeTimeoutMs ?? Math.max(COLLECTION_CHANGE_TIMEOUT_MS, this.requestTimeoutMs);
    this.initialBackoffMs = options.initialBackoffMs ?? 250;
    this.maxBackoffMs = options.maxBackoffMs ?? 5000;
    this.livenessIntervalMs = options.livenessIntervalMs ?? 2000;
  }

  get state(): ObsConnectionState {
    return this.current;
  }

  get sceneState(): ObsSceneState | null {
    return this.scenes;
  }

  onStateChange(listener: (state: ObsConnectionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    if (this.current !== 'idle')
      throw new ObsError(this.name, `OBS "${this.name}" bridge was already started`);
    try {
      await this.attempt();
    } catch (error) {
      // A wrong password will not fix itself; anything else (OBS not up yet) is retried.
      if (!(error instanceof ObsAuthError) && this.state !== 'closed') this.scheduleReconnect();
      throw error;
    }
  }

  async close(): Promise<void> {
    this.setState('closed');
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.dropClient('closed');
    return Promise.resolve();
  }

  // --- connection lifecycle -------------------------------------------------------------

  private async attempt(): Promise<void> {
    this.setState(this.scenes === null && this.failedAttempts === 0 ? 'connecting' : 'reconnecting');
    const client = new OBSWebSocket();
    this.client = client;
    try {
      await this.withTimeout(
        'Identify',
        client.connect(this.options.url, this.options.password, {
          eventSubscriptions:
            EventSubscription.General |
            EventSubscription.Scenes |
            EventSubscription.Ui |
            EventSubscription.Config |
            EventSubscription.Transitions,
        }),
      );
    } catch (error) {
      if (this.client === client) this.client = null;
      void client.disconnect().catch(() => undefined);
      if (error instanceof OBSWebSocketError && error.code === AUTHENTICATION_FAILED) {
        this.setState('auth-failed');
        throw new ObsAuthError(this.name, this.options.url);
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new ObsUnavailableError(
        this.name,
        `OBS "${this.name}" at ${this.options.url} is not reachable: ${reason || 'connection refused'}`,
      );
    }
    if (this.current === 'closed' || this.client !== client) {
      void client.disconnect().catch(() => undefined);
      return;
    }
    client.on('ConnectionClosed', () => {
      this.lost(client, 'connection closed');
    });
    client.on('CurrentProgramSceneChanged', ({ sceneName }) => {
      this.patchScenes({ programScene: sceneName });
    });
    client.on('CurrentPreviewSceneChanged', ({ sceneName }) => {
      this.patchScenes({ previewScene: sceneName });
    });
    client.on('StudioModeStateChanged', ({ studioModeEnabled }) => {
      this.studioEvents += 1;
      this.patchScenes(studioModeEnabled ? { studioMode: true } : { studioMode: false, previewScene: null });
    });
    // Scene lists and collections change shape: read them again rather than patching. Takes made
    // in the OBS UI itself end with SceneTransitionEnded (when OBS sends it; see transitionToProgram).
    for (const event of [
      'SceneCreated',
      'SceneRemoved',
      'SceneNameChanged',
      'CurrentSceneCollectionChanged',
      'SceneTransitionEnded',
    ] as const) {
      client.on(event, () => void this.resync().catch(() => undefined));
    }
    this.failedAttempts = 0;
    await this.resync();
    this.setState('connected');
    this.options.onLog?.('info', `OBS "${this.name}" connected at ${this.options.url}`);
    this.scheduleLiveness(client);
  }

  /** The socket of `client` is gone (closed, or failed its liveness probe). */
  private lost(client: OBSWebSocket, reason: string): void {
    if (this.client !== client || this.current === 'closed') return;
    this.options.onLog?.('warn', `OBS "${this.name}" lost (${reason}); reconnecting`);
    this.dropClient('disconnected');
    this.scheduleReconnect();
  }

  private dropClient(cause: 'disconnected' | 'closed'): void {
    if (this.livenessTimer) clearTimeout(this.livenessTimer);
    this.livenessTimer = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners();
      void client.disconnect().catch(() => undefined);
    }
    for (const request of [...this.pending]) {
      request.reject(
        cause === 'closed'
          ? new ObsUnavailableError(
              this.name,
              `OBS "${this.name}" bridge closed before ${request.requestType} was answered`,
            )
          : new ObsDisconnectedError(this.name, request.requestType),
      );
    }
    this.pending.clear();
  }

  private scheduleReconnect(): void {
    if (this.current === 'closed' || this.reconnectTimer) return;
    this.setState('reconnecting');
    const delay = Math.min(this.maxBackoffMs, this.initialBackoffMs * 2 ** this.failedAttempts);
    this.failedAttempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.attempt().catch((error: unknown) => {
        if (error instanceof ObsAuthError || this.current === 'closed') return;
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  private scheduleLiveness(client: OBSWebSocket): void {
    this.livenessTimer = setTimeout(() => {
      this.getStats().then(
        () => {
          if (this.client === client) this.scheduleLiveness(client);
        },
        (error: unknown) => {
          if (!(error instanceof ObsTimeoutError)) return;
          // OBS loading a collection may leave the probe unanswered: that is the switch's own
          // timeout to judge (COLLECTION_CHANGE_TIMEOUT_MS), not a hung OBS; probe again after it.
          if (this.collectionChanges === 0) this.lost(client, 'no answer to the liveness probe');
          else if (this.client === client) this.scheduleLiveness(client);
        },
      );
    }, this.livenessIntervalMs);
    this.livenessTimer.unref();
  }

  /**
   * Reads the scene state anew. OBS answers requests and sends events on different threads, so
   * an answer computed before an event can arrive after it; a read that saw an event land while
   * it was in flight is repeated rather than allowed to overwrite the newer state.
   */
  private async resync(): Promise<void> {
    for (let tries = 0; tries < 5; tries += 1) {
      const eventsBefore = this.sceneEvents;
      const [collections, sceneList, studio] = await Promise.all([
        this.call('GetSceneCollectionList'),
        this.call('GetSceneList'),
        this.call('GetStudioModeEnabled'),
      ]);
      if (this.sceneEvents !== eventsBefore && tries < 4) continue;
      this.scenes = {
        sceneCollection: collections.currentSceneCollectionName,
        // OBS lists scenes bottom-up; the UI shows them top-down.
        scenes: sceneList.scenes.map((scene) => text(scene.sceneName)).reverse(),
        programScene: sceneList.currentProgramSceneName,
        previewScene: studio.studioModeEnabled ? sceneList.currentPreviewSceneName : null,
        studioMode: studio.studioModeEnabled,
      };
      return;
    }
  }

  private patchScenes(patch: Partial<ObsSceneState>): void {
    this.sceneEvents += 1;
    if (this.scenes) this.scenes = { ...this.scenes, ...patch };
  }

  private setState(state: ObsConnectionState): void {
    if (this.current === state || (this.current === 'closed' && state !== 'closed')) return;
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }

  // --- requests ---------------------------------------------------------------------------

  /** Every request: fails fast when not connected, times out, and is settled on disconnect. */
  private call<T extends keyof OBSRequestTypes>(
    requestType: T,
    data?: OBSRequestTypes[T],
  ): Promise<OBSResponseTypes[T]> {
    const studioSwitch = this.studioSwitch;
    if (studioSwitch !== null && PROGRAM_SCENE_READS.has(requestType))
      return studioSwitch.then(() => this.call(requestType, data));
    const client = this.client;
    if (!client?.identified) {
      return Promise.reject(
        new ObsUnavailableError(
          this.name,
          `OBS "${this.name}" is not connected (${this.current}); ${requestType} was not sent`,
        ),
      );
    }
    const changesCollection = COLLECTION_CHANGES.has(requestType);
    if (changesCollection) this.collectionChanges += 1;
    return this.withTimeout(
      requestType,
      client.call(requestType, data),
      changesCollection ? this.collectionChangeTimeoutMs : this.requestTimeoutMs,
    )
      .catch((error: unknown) => {
        if (error instanceof OBSWebSocketError)
          throw new ObsRequestError(this.name, requestType, error.code, error.message);
        throw error;
      })
      .finally(() => {
        if (changesCollection) this.collectionChanges -= 1;
      });
  }

  /** Identify is not tracked as in flight: its own timeout and the connect error settle it. */
  private withTimeout<R>(
    requestType: string,
    work: Promise<R>,
    timeoutMs = this.requestTimeoutMs,
  ): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let done = false;
      const finish = (settle: () => void): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.pending.delete(entry);
        settle();
      };
      const entry: Pending = {
        requestType,
        reject: (error) => {
          finish(() => {
            reject(error);
          });
        },
      };
      const timer = setTimeout(() => {
        entry.reject(new ObsTimeoutError(this.name, requestType, timeoutMs));
      }, timeoutMs);
      if (requestType !== 'Identify') this.pending.add(entry);
      work.then(
        (value) => {
          finish(() => {
            resolve(value);
          });
        },
        (error: unknown) => {
          finish(() => {
            reject(error instanceof Error ? error : new Error(String(error)));
          });
        },
      );
    });
  }

  // --- the port ---------------------------------------------------------------------------

  async getVersion(): Promise<ObsVersion> {
    const v = await this.call('GetVersion');
    return {
      obsVersion: v.obsVersion,
      obsWebSocketVersion: v.obsWebSocketVersion,
      rpcVersion: v.rpcVersion,
      availableRequests: v.availableRequests,
    };
  }

  async getStats(): Promise<ObsStats> {
    const s = await this.call('GetStats');
    return {
      activeFps: s.activeFps,
      renderSkippedFrames: s.renderSkippedFrames,
      renderTotalFrames: s.renderTotalFrames,
      outputSkippedFrames: s.outputSkippedFrames,
      outputTotalFrames: s.outputTotalFrames,
      averageFrameRenderTime: s.averageFrameRenderTime,
    };
  }

  async getVideoSize(): Promise<{ width: number; height: number }> {
    const video = await this.call('GetVideoSettings');
    return { width: video.baseWidth, height: video.baseHeight };
  }

  async listSceneCollections(): Promise<{ current: string; collections: readonly string[] }> {
    const list = await this.call('GetSceneCollectionList');
    return { current: list.currentSceneCollectionName, collections: list.sceneCollections };
  }

  async useSceneCollection(name: string): Promise<void> {
    const { current, collections } = await this.listSceneCollections();
    if (current === name) return;
    if (collections.includes(name))
      await this.call('SetCurrentSceneCollection', { sceneCollectionName: name });
    else await this.call('CreateSceneCollection', { sceneCollectionName: name });
    await this.resync();
  }

  async listScenes(): Promise<readonly string[]> {
    const list = await this.call('GetSceneList');
    return list.scenes.map((scene) => text(scene.sceneName)).reverse();
  }

  async createScene(name: string): Promise<void> {
    await this.call('CreateScene', { sceneName: name });
  }

  async listInputKinds(): Promise<readonly string[]> {
    return (await this.call('GetInputKindList', { unversioned: false })).inputKinds;
  }

  async listInputs(): Promise<readonly ObsInput[]> {
    const list = await this.call('GetInputList');
    return list.inputs.map((input) => ({
      inputName: text(input.inputName),
      inputKind: text(input.inputKind),
    }));
  }

  async createInput(input: {
    sceneName: string;
    inputName: string;
    inputKind: string;
    settings: ObsSettings;
  }): Promise<number> {
    const created = await this.call('CreateInput', {
      sceneName: input.sceneName,
      inputName: input.inputName,
      inputKind: input.inputKind,
      inputSettings: { ...input.settings },
      sceneItemEnabled: true,
    });
    return created.sceneItemId;
  }

  async getInputSettings(inputName: string): Promise<Record<string, unknown>> {
    return (await this.call('GetInputSettings', { inputName })).inputSettings;
  }

  async setInputSettings(inputName: string, settings: ObsSettings): Promise<void> {
    await this.call('SetInputSettings', { inputName, inputSettings: { ...settings }, overlay: true });
  }

  async listSceneItems(sceneName: string): Promise<readonly ObsSceneItem[]> {
    const list = await this.call('GetSceneItemList', { sceneName });
    return list.sceneItems.map((item) => ({
      sceneItemId: Number(item.sceneItemId),
      sourceName: text(item.sourceName),
      enabled: item.sceneItemEnabled === true,
    }));
  }

  async addSceneItem(sceneName: string, sourceName: string): Promise<number> {
    return (await this.call('CreateSceneItem', { sceneName, sourceName, sceneItemEnabled: true }))
      .sceneItemId;
  }

  async setSceneItemTransform(
    sceneName: string,
    sceneItemId: number,
    transform: ObsItemTransform,
  ): Promise<void> {
    await this.call('SetSceneItemTransform', {
      sceneName,
      sceneItemId,
      sceneItemTransform: { ...transform },
    });
  }

  async setSceneItemEnabled(sceneName: string, sceneItemId: number, enabled: boolean): Promise<void> {
    await this.call('SetSceneItemEnabled', { sceneName, sceneItemId, sceneItemEnabled: enabled });
  }

  async getProgramScene(): Promise<string> {
    return (await this.call('GetCurrentProgramScene')).currentProgramSceneName;
  }

  async setProgramScene(name: string): Promise<void> {
    await this.call('SetCurrentProgramScene', { sceneName: name });
    await this.resync();
  }

  async getPreviewScene(): Promise<string> {
    return (await this.call('GetCurrentPreviewScene')).currentPreviewSceneName;
  }

  /**
   * OBS 29 answers SetCurrentPreviewScene before its UI thread has switched the preview (the
   * frontend queues the change), so a read or a take sent right after can still see the old one:
   * a rundown take once put the hand-set scene on air instead of the cued one. This returns only
   * once OBS reads the new preview back (or fails within the timeout). A read showing another
   * scene sets it again: setting the same scene twice is harmless, and the UI may have overwritten
   * it (studio mode coming on copies the program into the preview a moment late).
   */
  async setPreviewScene(name: string): Promise<void> {
    const set = (): Promise<unknown> => this.call('SetCurrentPreviewScene', { sceneName: name });
    await set();
    await this.until('SetCurrentPreviewScene', async () => {
      if ((await this.getPreviewScene()) === name) return true;
      await set();
      return false;
    });
    await this.resync();
  }

  /**
   * OBS answers SetStudioModeEnabled before its UI has switched, and the UI then sets the preview
   * to the program scene, overwriting a preview set in between. StudioModeStateChanged comes when
   * the UI is done, so this returns only after that event (or fails within the timeout).
   */
  async setStudioMode(enabled: boolean): Promise<void> {
    if ((await this.call('GetStudioModeEnabled')).studioModeEnabled === enabled) return;
    const before = this.studioEvents;
    // OBS answers SetStudioModeEnabled before its UI thread has switched; the switch has ended when
    // OBS reports the new mode. Program-scene reads wait until then (PROGRAM_SCENE_READS).
    let ended = (): void => undefined;
    this.studioSwitch = new Promise<void>((settle) => {
      ended = settle;
    });
    try {
      await this.call('SetStudioModeEnabled', { studioModeEnabled: enabled });
      await this.until('SetStudioModeEnabled', () => Promise.resolve(this.studioEvents > before));
    } finally {
      this.studioSwitch = null;
      ended();
    }
    await this.resync();
  }

  /**
   * Returns once the preview is on program and the transition has ended. Headless OBS 29 sends neither
   * CurrentProgramSceneChanged nor SceneTransitionEnded for some takes, so the program scene is
   * read back instead of trusting events.
   */
  async transitionToProgram(transition?: string): Promise<void> {
    if (transition !== undefined)
      await this.call('SetCurrentSceneTransition', { transitionName: transition });
    const target = await this.getPreviewScene();
    await this.call('TriggerStudioModeTransition');
    await this.until('TriggerStudioModeTransition', async () => (await this.getProgramScene()) === target);
    // The program scene changes as the transition starts; at its end OBS puts the old program
    // scene back in preview, overwriting a preview set in between (seen with the 300 ms Fade).
    // The cursor reads 1.0 once no transition runs.
    await this.until(
      'TriggerStudioModeTransition',
      async () => (await this.call('GetCurrentSceneTransitionCursor')).transitionCursor >= 1,
    );
    await this.resync();
  }

  /** Polls `done` until true, failing with a timeout error named after the request. */
  private async until(requestType: string, done: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + this.requestTimeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new ObsTimeoutError(this.name, requestType, this.requestTimeoutMs);
      await new Promise((settle) => setTimeout(settle, 50));
    }
  }

  async screenshot(sourceName: string, size: { width: number; height: number }): Promise<Buffer> {
    const shot = await this.call('GetSourceScreenshot', {
      sourceName,
      imageFormat: 'png',
      imageWidth: size.width,
      imageHeight: size.height,
    });
    // OBS answers a data URI: data:image/png;base64,....
    return Buffer.from(shot.imageData.slice(shot.imageData.indexOf(',') + 1), 'base64');
  }

  async createRecordChapter(chapterName: string): Promise<{ supported: boolean }> {
    try {
      await this.call('CreateRecordChapter', { chapterName });
      return { supported: true };
    } catch (error) {
      if (error instanceof ObsRequestError && error.code === UNKNOWN_REQUEST_TYPE)
        return { supported: false };
      throw error;
    }
  }
}
