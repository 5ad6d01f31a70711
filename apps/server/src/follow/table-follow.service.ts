import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { FollowingMessage } from '@tablecast/protocol';
import { latestPerTable } from '../landing/table-summary';
import { ProjectionRunner } from '../projections/projection-runner.service';

/** What a page follows: one table, or whichever table the producer has on program. */
export type FollowTarget = { readonly table: string } | { readonly onAir: true };

interface Follower {
  readonly target: FollowTarget;
  readonly send: (message: FollowingMessage) => void;
  /** What it was last told, to tell it again only on a change. */
  last: string | undefined;
}

/**
 * Tells pages set up once per table (or once per show) which match to show: the match now at a
 * table, or at the table on program, at once and again whenever a new match starts there. Read
 * from the read models, re-checked after each batch of events they apply.
 */
@Injectable()
export class TableFollow implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly followers = new Map<object, Follower>();
  private onAirTable: string | null = null;
  private stopWatching: (() => void) | undefined;
  private readonly programListeners = new Set<(table: string | null) => void>();

  constructor(private readonly projections: ProjectionRunner) {}

  onApplicationBootstrap(): void {
    this.stopWatching = this.projections.onUpdate(() => {
      if (this.followers.size > 0) this.refresh();
    });
  }

  onModuleDestroy(): void {
    this.stopWatching?.();
    this.followers.clear();
    this.programListeners.clear();
  }

  /** `key` (the page's socket) follows `target` from now on, replacing what it followed. */
  follow(key: object, target: FollowTarget, send: (message: FollowingMessage) => void): void {
    const follower: Follower = { target, send, last: undefined };
    this.followers.set(key, follower);
    this.tell(follower, this.currentMatches(this.followedTables()));
  }

  unfollow(key: object): void {
    this.followers.delete(key);
  }

  /** The table the producer has on program (null: none); pages following the on-air table move. */
  get programTable(): string | null {
    return this.onAirTable;
  }

  setProgramTable(table: string | null): void {
    this.onAirTable = table;
    this.refresh();
    for (const listener of this.programListeners) listener(table);
  }

  /** `listener` is told each table put on program from now on (null: none); the result stops it. */
  onProgramChange(listener: (table: string | null) => void): () => void {
    this.programListeners.add(listener);
    return () => this.programListeners.delete(listener);
  }

  /** The match now at `table` (its latest), or null. */
  matchAt(table: string): string | null {
    return this.currentMatches(new Set([table])).get(table) ?? null;
  }

  /**
   * The table `matchId` is the match now at (the latest there), or null: an unknown match, or one a
   * later match at its table replaced. What `tablesNow()` says of it, without reading every table.
   */
  tableOf(matchId: string): string | null {
    const table = this.projections.matches.read(matchId)?.table;
    return table !== undefined && this.matchAt(table) === matchId ? table : null;
  }

  /** Every table with a match, and the match now there (its latest), by table id. */
  tablesNow(): Map<string, string> {
    return this.currentMatches(new Set(this.projections.matches.listMatches().map((m) => m.table)));
  }

  private refresh(): void {
    const current = this.currentMatches(this.followedTables());
    for (const follower of this.followers.values()) this.tell(follower, current);
  }

  private tell(follower: Follower, current: ReadonlyMap<string, string>): void {
    const onAir = 'onAir' in follower.target;
    const table = 'table' in follower.target ? follower.target.table : this.onAirTable;
    const matchId = table === null ? null : (current.get(table) ?? null);
    const key = `${table ?? ''}\u0000${matchId ?? ''}`;
    if (key === follower.last) return;
    follower.last = key;
    follower.send({ type: 'following', onAir, table, matchId });
  }

  private followedTables(): Set<string> {
    const tables = new Set<string>();
    for (const { target } of this.followers.values()) tables.add('table' in target ? target.table : '');
    if (this.onAirTable !== null) tables.add(this.onAirTable);
    return tables;
  }

  /** The latest match (by its start, then its id) of each of `tables`, of any game, from the read models. */
  private currentMatches(tables: ReadonlySet<string>): Map<string, string> {
    const latest = latestPerTable(this.projections.matches, tables);
    return new Map(latest.map((model) => [model.table, model.matchId]));
  }
}
