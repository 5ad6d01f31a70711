import type { MatchNames, TableSummary } from '@tablecast/protocol';
import type { GuandanReadModel as MatchReadModel } from '@tablecast/games';

export type { TableSummary };

export interface TableFacts {
  readonly model: MatchReadModel;
  readonly names: MatchNames | null;
  readonly delayMs: number;
  /** The broadcast feed's state; null when no event of the match reached the feed yet. */
  readonly broadcastState: 'live' | 'delayBuilding' | null;
}

export function summarizeTable({ model, names, delayMs, broadcastState }: TableFacts): TableSummary {
  const { state } = model;
  return {
    table: model.table,
    matchId: model.matchId,
    status: state.status === 'ended' ? 'ended' : 'live',
    names,
    levels: { NS: state.levels.NS, EW: state.levels.EW },
    deal: state.handsPlayed + (state.status === 'inHand' ? 1 : 0),
    broadcast: { delayMs, delayBuilding: broadcastState !== 'live' },
  };
}

/**
 * Each table's latest match: the one created last (the highest startsAt), ties broken by id, so
 * a table that ran `demo_…_1` then `demo_…_2` shows the second.
 */
export function latestPerTable(models: readonly MatchReadModel[]): MatchReadModel[] {
  const latest = new Map<string, MatchReadModel>();
  for (const model of models) {
    const current = latest.get(model.table);
    if (!current || isLater(model, current)) latest.set(model.table, model);
  }
  return [...latest.values()].sort((a, b) => a.table.localeCompare(b.table));
}

function isLater(a: MatchReadModel, b: MatchReadModel): boolean {
  if (a.state.startsAt !== b.state.startsAt) return a.state.startsAt > b.state.startsAt;
  return a.matchId.localeCompare(b.matchId, 'en', { numeric: true }) > 0;
}
