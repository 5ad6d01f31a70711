import { gameModule, isGameId, isGuandanReadModel } from '@tablecast/games';
import type { MatchProjection, MatchReadModel } from '@tablecast/projections';
import type { MatchNames, TableSummary } from '@tablecast/protocol';

export type { TableSummary };

/** What a table's summary and its latest match are read from: the match projection. */
export type TableMatches = Pick<MatchProjection, 'listMatches' | 'listMatchesAt' | 'read' | 'readTimeline'>;

export interface TableFacts {
  readonly model: MatchReadModel;
  readonly names: MatchNames | null;
  readonly delayMs: number;
  /** The broadcast feed's state; null when no event of the match reached the feed yet. */
  readonly broadcastState: 'live' | 'delayBuilding' | null;
}

export function summarizeTable({ model, names, delayMs, broadcastState }: TableFacts): TableSummary {
  const broadcast = { delayMs, delayBuilding: broadcastState !== 'live' };
  if (isGuandanReadModel(model)) {
    const { state } = model;
    return {
      table: model.table,
      matchId: model.matchId,
      game: model.game,
      status: state.status === 'ended' ? 'ended' : 'live',
      names,
      levels: { NS: state.levels.NS, EW: state.levels.EW },
      deal: state.handsPlayed + (state.status === 'inHand' ? 1 : 0),
      broadcast,
    };
  }
  // Another game: what its module says of the state (ended once it has a result; the boards done).
  const module = gameModule(model.game);
  return {
    table: model.table,
    matchId: model.matchId,
    game: model.game,
    status: module.result(model.state) === null ? 'live' : 'ended',
    names,
    levels: null,
    deal: module.boards(model.state).length,
    broadcast,
  };
}

/**
 * Each table's latest match, of any game this server has a module for (of `tables` only, if
 * given): the one that starts last, ties broken by id, so a table that ran `demo_…_1` then
 * `demo_…_2` shows the second.
 */
export function latestPerTable(matches: TableMatches, tables?: ReadonlySet<string>): MatchReadModel[] {
  // One table (a page's, the program's): its own rows only, not every table's.
  const [only] = tables?.size === 1 ? tables : [];
  const listed = only === undefined ? matches.listMatches() : matches.listMatchesAt(only);
  const latest = new Map<string, { model: MatchReadModel; startsAt: number }>();
  for (const { matchId, table } of listed) {
    if (tables !== undefined && !tables.has(table)) continue;
    const model = matches.read(matchId);
    if (model === undefined || !isGameId(model.game)) continue;
    const candidate = { model, startsAt: startOf(matches, model) };
    const current = latest.get(model.table);
    if (!current || isLater(candidate, current)) latest.set(model.table, candidate);
  }
  return [...latest.values()].map((c) => c.model).sort((a, b) => a.table.localeCompare(b.table));
}

/**
 * When a match starts: a Guandan match's scheduled start (its MatchCreated's `startsAt`); another
 * game's MatchCreated names none, so when that event was recorded.
 */
function startOf(matches: TableMatches, model: MatchReadModel): number {
  if (isGuandanReadModel(model)) return model.state.startsAt;
  const [first] = matches.readTimeline(model.matchId, 0, 1);
  return first === undefined ? 0 : Date.parse(first.recordedAt);
}

function isLater(
  a: { model: MatchReadModel; startsAt: number },
  b: { model: MatchReadModel; startsAt: number },
): boolean {
  if (a.startsAt !== b.startsAt) return a.startsAt > b.startsAt;
  return a.model.matchId.localeCompare(b.model.matchId, 'en', { numeric: true }) > 0;
}
