import { matchStream } from '@tablecast/events';
import { guandanModule, type MatchState } from '@tablecast/guandan';
import { currentEvent, foldAll, stored, type MatchExport } from '@tablecast/replay';
import { matchNamesOf } from './match-names';
import { matchRecordHtml } from './match-record-html';
import { scoreboardFromLog } from './scoreboard-from-log';
import { tablecastCatalog } from '../../catalog/tablecast-catalog';

/** The printable A4 match record (score sheet, corrections, rulings) from an export. */
export function recordHtmlFromExport(exported: MatchExport): string {
  const events = (exported.streams[matchStream(exported.matchId)] ?? []).map((e) => ({
    ...currentEvent(stored(e), tablecastCatalog),
    revision: e.revision,
  }));
  const board = scoreboardFromLog(exported.matchId, events);
  if (!board) throw new Error(`match ${exported.matchId} has no MatchCreated`);
  const state: MatchState = foldAll(guandanModule, events);
  const created = events[0];
  const verification = exported.verification.ok
    ? `intact (${String(exported.verification.events)} events, ${String(exported.verification.streams)} streams)`
    : `BROKEN at ${exported.verification.brokenLink.stream}@${String(exported.verification.brokenLink.revision)}`;
  return matchRecordHtml({
    board,
    table: created?.type === 'MatchCreated' ? created.data.table : '',
    players: state.players,
    names: matchNamesOf(created),
    penalties: state.penalties,
    rulings: exported.rulings,
    verification,
    generatedAt: exported.exportedAt,
  });
}
