import { b2Cga2017 } from '@tablecast/bigtwo';
import { ddzCga2017 } from '@tablecast/doudizhu';
import { foldGuandanTimeline, type GuandanState, type TimelineEvent } from '@tablecast/games/testing';
import type {
  ClientCommand,
  CommandAccepted,
  CreateMatchRequest,
  GameMatchView,
  MatchNames,
} from '@tablecast/protocol';

/**
 * The staff's view of a match (`GET /api/matches/:id/state`) with the engine state the client folds
 * itself from the match's timeline: the server sends views, never the engine's state.
 */
export interface StaffReadModel {
  readonly revision: number;
  readonly table: string;
  readonly state: GuandanState;
  readonly pendingCorrection: { readonly correctionId: string; readonly toRevision: number } | null;
  readonly names: MatchNames | null;
}

export interface ApiResponse<T = unknown> {
  readonly status: number;
  readonly body: T;
}

/** A minimal HTTP client for the match API, as an operator console or card reader would use it. */
export class MatchClient {
  private keyCounter = 0;
  /** Highest revision this client has seen per match; reads wait until the projections have it. */
  private readonly seen = new Map<string, number>();
  /** Each match's timeline as read so far: the log only grows, so later reads fetch what follows. */
  private readonly logs = new Map<string, TimelineEvent[]>();

  constructor(
    private readonly baseUrl: string,
    private readonly token: string | undefined,
  ) {}

  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async create(request: CreateMatchRequest): Promise<ApiResponse<CommandAccepted>> {
    return this.remember(
      request.matchId,
      await this.request<CommandAccepted>('POST', '/api/matches', request),
    );
  }

  async send(
    matchId: string,
    revision: number,
    command: ClientCommand,
    idempotencyKey = this.nextKey(),
  ): Promise<ApiResponse<CommandAccepted>> {
    return this.remember(
      matchId,
      await this.request<CommandAccepted>('POST', `/api/matches/${matchId}/commands`, {
        revision,
        idempotencyKey,
        command,
      }),
    );
  }

  /**
   * The staff view, at least as new as the last command this client saw accepted, with the engine
   * state folded from the match's timeline up to the view's revision (through the game's module).
   */
  async state(matchId: string): Promise<ApiResponse<StaffReadModel>> {
    const view = await this.request<GameMatchView>(
      'GET',
      `/api/matches/${matchId}/state?minRevision=${String(this.seen.get(matchId) ?? -1)}`,
    );
    // An error answers as the server sent it (404 unknown match, 403 another table).
    if (view.status !== 200) return view as unknown as ApiResponse<StaffReadModel>;
    const { revision, table, pendingCorrection, names } = view.body;
    const log = await this.timeline(matchId, revision);
    const state = foldGuandanTimeline(log.filter((entry) => entry.revision <= revision));
    return { status: view.status, body: { revision, table, state, pendingCorrection, names } };
  }

  /** The match's timeline up to at least `revision`, read on from what this client already holds. */
  private async timeline(matchId: string, revision: number): Promise<readonly TimelineEvent[]> {
    const log = this.logs.get(matchId) ?? [];
    if (log.length <= revision) {
      const more = await this.request<TimelineEvent[]>(
        'GET',
        `/api/matches/${matchId}/timeline?from=${String(log.length)}`,
      );
      if (more.status !== 200) throw new Error(`timeline of ${matchId}: ${String(more.status)}`);
      log.push(...more.body);
      this.logs.set(matchId, log);
    }
    return log;
  }

  private remember(matchId: string, response: ApiResponse<CommandAccepted>): ApiResponse<CommandAccepted> {
    if (response.status >= 300) return response;
    this.seen.set(matchId, Math.max(this.seen.get(matchId) ?? -1, response.body.revision));
    // The answer carries the events as stored: the log follows them without reading the timeline
    // again, as a staff console does. Only the next revision joins, so a replayed answer adds nothing.
    const log = this.logs.get(matchId) ?? [];
    for (const event of response.body.events) if (event.revision === log.length) log.push(event);
    this.logs.set(matchId, log);
    return response;
  }

  nextKey(): string {
    this.keyCounter += 1;
    return `key-${Date.now().toString(36)}-${String(this.keyCounter)}`;
  }
}

export function newMatchRequest(matchId: string, table = 't1', deals = 2): CreateMatchRequest {
  return {
    matchId,
    table,
    ruleset: 'cga2017',
    format: { kind: 'fixedDeals', deals },
    teams: { NS: { id: 'jiangsu', name: '江苏队' }, EW: { id: 'anhui', name: '安徽队' } },
    players: [
      { id: 'p-s', name: '张伟', seat: 'S' },
      { id: 'p-e', name: '李娜', seat: 'E' },
      { id: 'p-n', name: '王芳', seat: 'N' },
      { id: 'p-w', name: '刘洋', seat: 'W' },
    ],
  };
}

/** A Dou Dizhu match's create body (three players, seats 0-2, the cga2017 ruleset). */
export function newDoudizhuMatchRequest(
  matchId: string,
  table = 't1',
  playerId: (seat: number) => string = (seat) => `p${String(seat)}`,
): object {
  return {
    game: 'doudizhu',
    matchId,
    table,
    ruleset: ddzCga2017,
    players: ['赵一', '钱二', '孙三'].map((name, seat) => ({ id: playerId(seat), name, seat })),
  };
}

/** A Big Two match's create body (four players, seats S, E, N, W, the cga2017 ruleset). */
export function newBigTwoMatchRequest(
  matchId: string,
  table = 't1',
  playerId: (seat: string) => string = (seat) => `p${seat}`,
): object {
  return {
    game: 'bigtwo',
    matchId,
    table,
    ruleset: b2Cga2017,
    players: (['S', 'E', 'N', 'W'] as const).map((seat, i) => ({
      id: playerId(seat),
      name: ['赵一', '钱二', '孙三', '李四'][i] ?? seat,
      seat,
    })),
  };
}

export { toClientCommand } from '@tablecast/bots';
