import type { LowerThirdCaption } from '@tablecast/protocol/producer';
import type { ApiResult, ProducerApi } from './producer-api';
import type { Refusal } from './refusal-words';
import type {
  BroadcastDelayInForce,
  DirectorRule,
  MatchListing,
  OverlayCue,
  ProducerState,
  RundownItem,
} from './producer-types';
import { ALL_AVAILABLE, composeState, isMissingRoute, type ProducerAvailability } from './compose-state';
import { serverOffsetMs } from './server-clock';

/** Why the dashboard has no fresh state: the token, or the server not answering. */
export type ProducerLink = 'loading' | 'ok' | 'unauthorized' | 'forbidden' | 'offline' | 'error';

export interface ProducerView {
  readonly link: ProducerLink;
  /** The match whose delay clock, cues and scene setup the dashboard shows and sends. */
  readonly matchId: string | null;
  /** The last good answer; kept while the server is briefly away so the panels do not go blank. */
  readonly state: ProducerState | null;
  /**
   * `aggregate`: `GET /api/producer/state`. `composed`: a server without it, read route by route
   * (compose-state.ts); `available` then says which panels this server can serve.
   */
  readonly source: 'aggregate' | 'composed' | null;
  readonly available: ProducerAvailability;
  /** Server clock minus this laptop's clock, from `serverNow` of the last answer. */
  readonly serverOffsetMs: number;
  readonly pollError: { readonly status: number; readonly message: string } | null;
  readonly matches: readonly MatchListing[];
  /** The action in flight (one at a time: a producer's double press must not cut twice). */
  readonly busy: string | null;
  /**
   * The server refused a request for a while (503 with Retry-After: the log busy) and it goes
   * again by itself in this many seconds; null once it was answered.
   */
  readonly resendingIn: number | null;
  /** The last manual cue and how many pages it reached (0: no page of that match is connected). */
  readonly lastCue: { readonly cue: OverlayCue; readonly delivered: number } | null;
  /** The last lower-third text put on air and how many lower-third pages it reached. */
  readonly lastCaption: { readonly caption: LowerThirdCaption; readonly delivered: number } | null;
  readonly actionError: {
    readonly action: string;
    readonly status: number;
    readonly message: string;
    /** The refusal's machine-readable fields, worded in the dashboard's language (refusal-words.ts). */
    readonly refusal?: Refusal;
  } | null;
}

export interface ProducerStore {
  /** Reactive (Svelte 5 runes): read it in a component or `$derived` and it re-renders. */
  readonly view: ProducerView;
  readonly matchId: string | null;
  start(): void;
  stop(): void;
  setMatch(matchId: string | null): void;
  /** Poll now (after an action, so the result shows without waiting for the next tick). */
  refresh(): Promise<void>;
  preview(obs: string, scene: string): Promise<boolean>;
  cut(obs: string, scene: string): Promise<boolean>;
  take(obs: string): Promise<boolean>;
  studioMode(obs: string, enabled: boolean): Promise<boolean>;
  setupScenes(obs: string): Promise<boolean>;
  cueItem(itemId: string): Promise<boolean>;
  takeCued(): Promise<boolean>;
  saveRundown(revision: number, items: readonly RundownItem[]): Promise<boolean>;
  sendCue(cue: OverlayCue): Promise<boolean>;
  sendCaption(caption: LowerThirdCaption): Promise<boolean>;
  refreshPage(pageId: string): Promise<boolean>;
  refreshAllPages(): Promise<boolean>;
  saveDirectorRules(rules: readonly DirectorRule[]): Promise<boolean>;
  setDirectorEnabled(enabled: boolean): Promise<boolean>;
  setProgramTable(table: string | null): Promise<boolean>;
  /** The selected match's delay in force, read to start editing it (not an action). */
  readDelay(): Promise<ApiResult<BroadcastDelayInForce>>;
  setDelay(delayMs: number, revision: number): Promise<boolean>;
  /** A PNG of what OBS renders (the program thumbnail); not an action, it never blocks one. */
  screenshot(obs: string, scene: string, width: number): Promise<ApiResult<Blob>>;
}

export interface ProducerStoreOptions {
  readonly api: ProducerApi;
  readonly matchId: string | null;
  readonly pollIntervalMs?: number;
  readonly now?: () => number;
  /** setTimeout by default; tests drive the polls themselves. */
  readonly schedule?: (run: () => void, ms: number) => () => void;
}

/**
 * A match action with no match chosen, refused here before any request: a 400 naming the field,
 * with the dashboard's own code so the banner words it in the UI's language (refusal-words.ts).
 */
const NO_MATCH = {
  status: 400,
  message: 'matchId: no match selected',
  refusal: { code: 'noMatchSelected', message: 'matchId: no match selected' },
} as const;

const POLL_INTERVAL_MS = 1_000;
const MATCHES_EVERY_POLLS = 10;

const linkFor = (status: number): ProducerLink =>
  status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : status === 0 ? 'offline' : 'error';

/**
 * The dashboard's headless store: polls the aggregate state once a second (one request at a time,
 * the next scheduled when the last has answered, so a slow server is never piled on), keeps the
 * server's clock offset for the countdowns, and runs the producer's actions one at a time, each
 * followed by an immediate poll. Components only read `view` and call the actions.
 */
export function createProducerStore(options: ProducerStoreOptions): ProducerStore {
  const { api } = options;
  const now = options.now ?? Date.now;
  const interval = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const schedule =
    options.schedule ??
    ((run: () => void, ms: number) => {
      const timer = setTimeout(run, ms);
      return () => {
        clearTimeout(timer);
      };
    });

  let matchId = options.matchId;
  let running = false;
  let cancelTimer: (() => void) | null = null;
  let polling: Promise<void> | null = null;
  let unwatchWaits: (() => void) | null = null;
  let view = $state.raw<ProducerView>({
    link: 'loading',
    matchId,
    state: null,
    source: null,
    available: ALL_AVAILABLE,
    serverOffsetMs: 0,
    pollError: null,
    matches: [],
    busy: null,
    resendingIn: null,
    lastCue: null,
    lastCaption: null,
    actionError: null,
  });

  const patch = (change: Partial<ProducerView>): void => {
    view = { ...view, ...change };
  };

  /** The aggregate, or on a server without it, the same shape from the separate routes. */
  async function readState(): Promise<{
    result: ApiResult<ProducerState>;
    source: 'aggregate' | 'composed';
    available: ProducerAvailability;
  }> {
    const aggregate = await api.state(matchId);
    if (!aggregate.ok && isMissingRoute(aggregate))
      return { ...(await composeState(api, now)), source: 'composed' };
    // The aggregate says null for a part this server lacks (a server without the director module).
    const available = aggregate.ok
      ? {
          rundown: aggregate.value.rundown !== null,
          pages: true,
          director: aggregate.value.director !== null,
        }
      : ALL_AVAILABLE;
    return { result: aggregate, source: 'aggregate', available };
  }

  async function pollOnce(): Promise<void> {
    const askedFor = matchId;
    const { result, source, available } = await readState();
    // A match switched while the answer was on its way: that answer is about the old match.
    if (askedFor !== matchId) return;
    if (view.resendingIn !== null && view.busy === null) patch({ resendingIn: null });
    if (result.ok) {
      patch({
        link: 'ok',
        state: result.value,
        source,
        available,
        serverOffsetMs: serverOffsetMs(result.value.serverNow, now()),
        pollError: null,
      });
    } else {
      patch({ link: linkFor(result.status), pollError: { status: result.status, message: result.message } });
    }
  }

  async function loadMatches(): Promise<void> {
    const listed = await api.matches();
    if (listed.ok) patch({ matches: listed.value });
  }

  function refresh(): Promise<void> {
    // Joins a poll in flight rather than starting a second one.
    polling ??= pollOnce().finally(() => {
      polling = null;
    });
    return polling;
  }

  let polls = 0;
  function loop(): void {
    cancelTimer = null;
    // The match list changes rarely (a new match is created): read it again every ten polls.
    polls += 1;
    if (polls % MATCHES_EVERY_POLLS === 0) void loadMatches();
    void refresh().finally(() => {
      if (running && cancelTimer === null) cancelTimer = schedule(loop, interval);
    });
  }

  async function act<T>(
    action: string,
    call: () => Promise<ApiResult<T>>,
    onOk?: (value: T) => Partial<ProducerView>,
  ): Promise<boolean> {
    if (view.busy !== null) return false;
    patch({ busy: action, actionError: null });
    const result = await call();
    patch({
      resendingIn: null,
      actionError: result.ok
        ? null
        : {
            action,
            status: result.status,
            message: result.message,
            ...(result.refusal === undefined ? {} : { refusal: result.refusal }),
          },
      ...(result.ok && onOk ? onOk(result.value) : {}),
    });
    if (!result.ok && (result.status === 401 || result.status === 403))
      patch({ link: linkFor(result.status) });
    // Busy until a poll started after the action has answered: once idle, the panels show its
    // result (a key pressed in between would act on the picture from before it). A poll already
    // in flight may have been answered before the action, so it does not count.
    await (polling ?? Promise.resolve());
    await refresh();
    patch({ busy: null });
    return result.ok;
  }

  const needMatch = (action: string): string | null => {
    if (matchId !== null) return matchId;
    patch({ actionError: { action, ...NO_MATCH } });
    return null;
  };

  return {
    get view(): ProducerView {
      return view;
    },
    get matchId(): string | null {
      return matchId;
    },
    start() {
      if (running) return;
      running = true;
      unwatchWaits =
        api.watchWaits?.((seconds) => {
          patch({ resendingIn: seconds });
        }) ?? null;
      void loadMatches();
      loop();
    },
    stop() {
      running = false;
      unwatchWaits?.();
      unwatchWaits = null;
      cancelTimer?.();
      cancelTimer = null;
    },
    setMatch(next) {
      if (next === matchId) return;
      matchId = next;
      patch({ matchId: next, state: view.state === null ? null : { ...view.state, delay: null } });
      // A poll in flight is about the old match (its answer is dropped): ask again once it is done.
      void (polling ?? Promise.resolve()).then(refresh);
    },
    refresh,
    preview: (obs, scene) => act('preview', () => api.obsPreview(obs, scene)),
    cut: (obs, scene) => act('cut', () => api.obsProgram(obs, scene)),
    take: (obs) => act('take', () => api.obsTake(obs)),
    studioMode: (obs, enabled) => act('studioMode', () => api.obsStudioMode(obs, enabled)),
    // The dashboard runs the show: its scenes follow the table on program, whatever match is on.
    setupScenes: (obs) => act('setupScenes', () => api.obsSetup({ onAir: true }, obs)),
    cueItem: (itemId) => act('cueItem', () => api.cueItem(itemId)),
    takeCued: () => act('takeCued', () => api.takeCued()),
    saveRundown: (revision, items) => act('saveRundown', () => api.saveRundown(revision, items)),
    sendCue(cue) {
      const id = needMatch('sendCue');
      return id === null
        ? Promise.resolve(false)
        : act(
            'sendCue',
            () => api.sendCue(id, cue),
            (answer) => ({ lastCue: { cue, delivered: answer.delivered } }),
          );
    },
    sendCaption(caption) {
      const id = needMatch('sendCaption');
      return id === null
        ? Promise.resolve(false)
        : act(
            'sendCaption',
            () => api.sendCaption(id, caption),
            (answer) => ({ lastCaption: { caption, delivered: answer.delivered } }),
          );
    },
    refreshPage: (pageId) => act('refreshPage', () => api.refreshPage(pageId)),
    refreshAllPages: () => act('refreshAllPages', () => api.refreshPages({})),
    saveDirectorRules: (rules) => act('saveDirectorRules', () => api.saveDirectorRules(rules)),
    setDirectorEnabled: (enabled) => act('setDirectorEnabled', () => api.setDirectorEnabled(enabled)),
    setProgramTable: (table) => act('setProgramTable', () => api.setProgramTable(table)),
    readDelay() {
      return matchId === null ? Promise.resolve({ ok: false, ...NO_MATCH }) : api.broadcastDelay(matchId);
    },
    setDelay(delayMs, revision) {
      const id = needMatch('setDelay');
      return id === null
        ? Promise.resolve(false)
        : act('setDelay', () => api.setBroadcastDelay(id, delayMs, revision));
    },
    screenshot: (obs, scene, width) => api.obsScreenshot(obs, scene, width),
  };
}
