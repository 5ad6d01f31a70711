// @tablecast/replay: a match read back from the log, for any game (the caller passes its module):
// the arbiters' replay index (the state at every revision) and the committee's export (the streams
// as stored, their hash chains verified).
export { ReplayIndex, foldAll, SNAPSHOT_EVERY } from './replay-index';
export {
  buildMatchExport,
  currentEvent,
  exportToCsv,
  stored,
  verifyExportStreams,
  type ExportedEvent,
  type MatchExport,
} from './match-export';
