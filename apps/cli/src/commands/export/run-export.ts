import {
  SQLITE_FILE_NAME,
  SqliteEventLog,
  describeBrokenLink,
  openEventLog,
  type EventLog,
} from '@tablecast/event-store';
import { matchLogCatalog, recordHtmlFromExport } from '@tablecast/games';
import { buildMatchExport, exportToCsv, verifyExportStreams, type MatchExport } from '@tablecast/replay';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ExportOptions {
  readonly matchId: string;
  readonly format: 'json' | 'csv';
  readonly dataDir: string;
  readonly eventstoreUrl: string | undefined;
  /** Write the export here instead of stdout. */
  readonly out: string | undefined;
  /** Also write the printable match record (HTML, A4) here. */
  readonly record: string | undefined;
}

/** What `tablecast export` prints (on stdout or to --out) and its exit code: 0 intact, 1 broken chain, 2 no such match. */
export interface ExportOutcome {
  readonly exitCode: 0 | 1 | 2;
  /** The export itself (JSON or CSV), or '' when there is nothing to export. */
  readonly body: string;
  /** One line for stderr: the verification result. */
  readonly message: string;
}

export async function runExport(options: ExportOptions): Promise<ExportOutcome> {
  const useKurrent = options.eventstoreUrl !== undefined && options.eventstoreUrl !== '';
  const file = join(options.dataDir, SQLITE_FILE_NAME);
  if (!useKurrent && !existsSync(file)) {
    return {
      exitCode: 2,
      body: '',
      message: `no event log at ${file} (set --data-dir or TABLECAST_DATA_DIR)`,
    };
  }
  // Read-only: exporting evidence must not change it.
  const log: EventLog = useKurrent
    ? openEventLog({ eventstoreUrl: options.eventstoreUrl, dataDir: options.dataDir })
    : new SqliteEventLog({ dataDir: options.dataDir, readOnly: true });
  let exported: MatchExport | null;
  try {
    exported = await buildMatchExport(log, options.matchId, new Date(), matchLogCatalog);
  } catch (error) {
    if (error instanceof RangeError) exported = null;
    else throw error;
  } finally {
    await log.close();
  }
  if (!exported)
    return { exitCode: 2, body: '', message: `match ${options.matchId} has no events in ${file}` };
  const body = options.format === 'csv' ? exportToCsv(exported) : `${JSON.stringify(exported, null, 2)}\n`;
  if (options.out) writeFileSync(options.out, body);
  if (options.record) writeFileSync(options.record, recordHtmlFromExport(exported));
  return { exitCode: exported.verification.ok ? 0 : 1, body, message: describe(exported) };
}

/** `tablecast verify-export <file>`: recompute the hash chains inside an exported JSON file. */
export function runVerifyExport(path: string): { exitCode: 0 | 1 | 2; message: string } {
  let exported: Partial<MatchExport>;
  try {
    exported = JSON.parse(readFileSync(path, 'utf8')) as Partial<MatchExport>;
  } catch (error) {
    return {
      exitCode: 2,
      message: `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (exported.format !== 'tablecast-match-export' || exported.streams === undefined)
    return { exitCode: 2, message: `${path} is not a tablecast match export` };
  const result = verifyExportStreams(exported.streams);
  const recorded = exported.verification?.ok === true;
  return result.ok
    ? {
        exitCode: 0,
        message: `hash chain intact: ${String(result.events)} events in ${String(result.streams)} stream(s) of ${path} (exported ${recorded ? 'intact' : 'BROKEN'})`,
      }
    : { exitCode: 1, message: `hash chain BROKEN at ${describeBrokenLink(result.brokenLink)} in ${path}` };
}

function describe(exported: MatchExport): string {
  const v = exported.verification;
  return v.ok
    ? `match ${exported.matchId}: hash chain intact (${String(v.events)} events in ${String(v.streams)} stream(s)), ${String(exported.rulings.length)} ruling(s)`
    : `match ${exported.matchId}: hash chain BROKEN at ${describeBrokenLink(v.brokenLink)}`;
}
