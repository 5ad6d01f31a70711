// @tablecast/projections: the read models folded from the log (each match's state, scoreboard and
// timeline in their own SQLite file), their rebuild from position 0, and the printed match record.
// They still speak Guandan (its state and its level scoreboard), so no generic library builds on them.
export { ProjectionDb, PROJECTIONS_FILE_NAME, PROJECTIONS_SCHEMA_VERSION } from './projection-db';
export { MatchProjection, type MatchReadModel, type TimelineEntry } from './match-projection';
export { ReadModelTables, type StateRow, type TimelineRow } from './read-model-tables';
export { rebuildProjections } from './rebuild';
export { evolveScoreboard, type Scoreboard, type ScoreboardHand } from './scoreboard';
export { applyResultCorrection, type CorrectedScoreboard } from './scoreboard-corrections';
export { matchNamesOf } from './match-names';
export { scoreboardFromLog } from './scoreboard-from-log';
export { matchRecordHtml, type MatchRecordInput } from './match-record-html';
export { recordHtmlFromExport } from './record-from-export';
