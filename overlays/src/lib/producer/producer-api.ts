import type { LowerThirdCaption } from '@tablecast/protocol/producer';
import { sendAgainWhileRefusedForAWhile } from '../console/http-resend';
import { refusalOf, type Refusal } from './refusal-words';
import type {
  BroadcastDelayInForce,
  DirectorRule,
  OverlayCue,
  DirectorView,
  MatchListing,
  ObsInstanceListing,
  ObsStats,
  OverlayPageView,
  ProducerState,
  Rundown,
  RundownItem,
} from './producer-types';

/**
 * An answer or the reason there is none. `status` 0: no answer at all (network down, server
 * restarting); otherwise the HTTP status with the server's message (which names the field on 400)
 * and, when the body has them, its machine-readable fields (field paths and issue codes, rule ID,
 * code), from which the dashboard words the refusal in its language (refusal-words.ts).
 */
export type ApiResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly status: number;
      readonly message: string;
      readonly refusal?: Refusal;
    };

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

/** Every call of the producer dashboard, typed from the contract; the token goes in a header only. */
export interface ProducerApi {
  state(matchId: string | null): Promise<ApiResult<ProducerState>>;
  matches(): Promise<ApiResult<readonly MatchListing[]>>;
  obsList(): Promise<ApiResult<readonly ObsInstanceListing[]>>;
  /** The show's scenes on one OBS, their overlays following a table or the table on program. */
  obsSetup(
    follow: { readonly table: string } | { readonly onAir: true },
    obs?: string,
  ): Promise<ApiResult<unknown>>;
  obsPreview(obs: string, scene: string): Promise<ApiResult<unknown>>;
  obsProgram(obs: string, scene: string): Promise<ApiResult<unknown>>;
  obsTake(obs: string, transition?: string): Promise<ApiResult<unknown>>;
  obsStudioMode(obs: string, enabled: boolean): Promise<ApiResult<unknown>>;
  obsStats(obs: string): Promise<ApiResult<ObsStats & { readonly at: string }>>;
  /** PNG of a scene as OBS renders it (`width` px wide, 16:9). */
  obsScreenshot(obs: string, source: string, width: number): Promise<ApiResult<Blob>>;
  rundown(): Promise<ApiResult<Rundown>>;
  saveRundown(revision: number, items: readonly RundownItem[]): Promise<ApiResult<Rundown>>;
  cueItem(itemId: string): Promise<ApiResult<unknown>>;
  takeCued(): Promise<ApiResult<unknown>>;
  pages(): Promise<ApiResult<readonly OverlayPageView[]>>;
  refreshPage(pageId: string): Promise<ApiResult<unknown>>;
  refreshPages(filter: { readonly matchId?: string; readonly page?: string }): Promise<ApiResult<unknown>>;
  sendCue(matchId: string, cue: OverlayCue): Promise<ApiResult<{ readonly delivered: number }>>;
  /** Lower-third text from a template on the match's lower-third pages; 400 names the field. */
  sendCaption(
    matchId: string,
    caption: LowerThirdCaption,
  ): Promise<ApiResult<{ readonly delivered: number }>>;
  director(): Promise<ApiResult<DirectorView>>;
  saveDirectorRules(rules: readonly DirectorRule[]): Promise<ApiResult<unknown>>;
  setDirectorEnabled(enabled: boolean): Promise<ApiResult<unknown>>;
  /** Puts a table on program (null: none); pages opened with `onair=1` follow it. */
  setProgramTable(table: string | null): Promise<ApiResult<unknown>>;
  broadcastDelay(matchId: string): Promise<ApiResult<BroadcastDelayInForce>>;
  /** 409 when the delay changed since `revision` (another producer or referee got there first). */
  setBroadcastDelay(matchId: string, delayMs: number, revision: number): Promise<ApiResult<unknown>>;
  /**
   * Hears of each wait before a request refused for a while goes again by itself (in seconds), so
   * the dashboard can say so; returns the unsubscribe. A fake api that never waits may omit it.
   */
  watchWaits?(listener: (retryAfterSeconds: number) => void): () => void;
}

const segment = encodeURIComponent;

/** Nest answers `{ statusCode, message }`; `message` may be a list (validation pipes). */
function messageOf(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = body.message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.map(String).join('; ');
  }
  return `HTTP ${String(status)}`;
}

/**
 * Whether a request refused for a while (503 with Retry-After: the log busy or its lease
 * unreachable, nothing done) is sent again by itself: reads always; a write only when sending it
 * twice leaves what once does (it sets a value, or carries the revision it was made against).
 * A take, a cue, a caption or a page reload would happen twice, so their refusal is shown instead.
 */
type Resend = 'resend' | 'once';

export function createProducerApi(options: {
  readonly origin: string;
  readonly token: string;
  readonly fetchFn?: FetchFn;
}): ProducerApi {
  const fetchFn: FetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  const waitListeners = new Set<(retryAfterSeconds: number) => void>();
  const heardWait = (seconds: number): void => {
    for (const listener of waitListeners) listener(seconds);
  };

  async function send(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    accept = 'application/json',
    resend: Resend = method === 'POST' ? 'once' : 'resend',
  ): Promise<ApiResult<Response>> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, accept };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const request = (): Promise<Response> =>
      fetchFn(`${options.origin}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      });
    try {
      const response =
        resend === 'resend' ? await sendAgainWhileRefusedForAWhile(request, heardWait) : await request();
      if (response.ok) return { ok: true, value: response };
      const answer: unknown = await response.json().catch(() => null);
      const refusal = refusalOf(answer);
      return {
        ok: false,
        status: response.status,
        message: messageOf(answer, response.status),
        ...(refusal === undefined ? {} : { refusal }),
      };
    } catch (error) {
      return { ok: false, status: 0, message: error instanceof Error ? error.message : String(error) };
    }
  }

  async function json<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    resend?: Resend,
  ): Promise<ApiResult<T>> {
    const answer = await send(method, path, body, undefined, resend);
    if (!answer.ok) return answer;
    // 200 with an empty body (a command with nothing to report) reads as null.
    const text = await answer.value.text();
    try {
      return { ok: true, value: (text === '' ? null : JSON.parse(text)) as T };
    } catch {
      return { ok: false, status: answer.value.status, message: `${path}: the answer is not JSON` };
    }
  }

  const obsPath = (obs: string, action: string): string => `/api/obs/${segment(obs)}/${action}`;

  return {
    state: (matchId) =>
      json('GET', `/api/producer/state${matchId === null ? '' : `?matchId=${segment(matchId)}`}`),
    matches: () => json('GET', '/api/matches'),
    obsList: () => json('GET', '/api/obs'),
    obsSetup: (follow, obs) =>
      json('POST', '/api/obs/setup', obs === undefined ? follow : { ...follow, obs }),
    obsPreview: (obs, scene) => json('POST', obsPath(obs, 'preview'), { scene }, 'resend'),
    obsProgram: (obs, scene) => json('POST', obsPath(obs, 'program'), { scene }, 'resend'),
    obsTake: (obs, transition) =>
      json('POST', obsPath(obs, 'take'), transition === undefined ? {} : { transition }),
    obsStudioMode: (obs, enabled) => json('POST', obsPath(obs, 'studio-mode'), { enabled }, 'resend'),
    obsStats: (obs) => json('GET', obsPath(obs, 'stats')),
    async obsScreenshot(obs, source, width) {
      const query = `?source=${segment(source)}&width=${String(width)}`;
      const answer = await send('GET', `${obsPath(obs, 'screenshot')}${query}`, undefined, 'image/png');
      if (!answer.ok) return answer;
      return { ok: true, value: await answer.value.blob() };
    },
    rundown: () => json('GET', '/api/producer/rundown'),
    saveRundown: (revision, items) => json('PUT', '/api/producer/rundown', { revision, items }),
    cueItem: (itemId) => json('POST', `/api/producer/rundown/${segment(itemId)}/cue`, undefined, 'resend'),
    takeCued: () => json('POST', '/api/producer/rundown/take'),
    pages: () => json('GET', '/api/producer/pages'),
    refreshPage: (pageId) => json('POST', `/api/producer/pages/${segment(pageId)}/refresh`),
    refreshPages: (filter) => json('POST', '/api/producer/pages/refresh', filter),
    sendCue: (matchId, cue) => json('POST', '/api/producer/cues', { matchId, cue }),
    sendCaption: (matchId, caption) => json('POST', '/api/producer/lower-third', { matchId, caption }),
    director: () => json('GET', '/api/director'),
    saveDirectorRules: (rules) => json('PUT', '/api/director/rules', { rules }),
    setDirectorEnabled: (enabled) => json('POST', '/api/director/enabled', { enabled }, 'resend'),
    setProgramTable: (table) => json('PUT', '/api/producer/program-table', { table }),
    broadcastDelay: (matchId) => json('GET', `/api/matches/${segment(matchId)}/broadcast-delay`),
    setBroadcastDelay: (matchId, delayMs, revision) =>
      json('PUT', `/api/matches/${segment(matchId)}/broadcast-delay`, { delayMs, revision }),
    watchWaits(listener) {
      waitListeners.add(listener);
      return () => waitListeners.delete(listener);
    },
  };
}
