// @tablecast/event-store/testing — helpers for tests of the event log and of its users (server,
// CLI): numbered events with known ids, and writer processes for the crash and cross-process
// tests. A subpath of its own, so the main entry (and the built server) never loads them.
export { numberedPass } from '../contract/fixtures';
export { numberedProbe, pageProbe } from './numbered-probe';
export { appendBatchesUntilKilled, batchProbe, type AppendBatchesOptions } from './append-batches';
export { exited, spawnAppendChild, spawnTsChild } from './spawn-child';
