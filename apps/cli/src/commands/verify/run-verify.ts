import {
  ChainVerifier,
  SQLITE_FILE_NAME,
  SqliteEventLog,
  checkHeads,
  checkPublishedHead,
  describeBrokenLink,
  openEventLog,
  parsePublishedHeads,
  publishedHeads,
  type StreamHead,
  type BrokenLink,
  type EventLog,
  type VerifyResult,
} from '@tablecast/event-store';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface VerifyOptions {
  readonly target: string;
  readonly dataDir: string;
  readonly eventstoreUrl: string | undefined;
  /** A heads file published earlier (`--heads`): each head must still be in the log. */
  readonly publishedHeadsFile?: string | undefined;
  /** Where to write the heads after an intact check (`--write-heads`). */
  readonly writeHeadsFile?: string | undefined;
}

/** What `tablecast verify` prints and its exit code: 0 intact, 1 broken chain, 2 nothing to verify. */
export interface VerifyOutcome {
  readonly exitCode: 0 | 1 | 2;
  readonly message: string;
  readonly result?: VerifyResult;
}

export async function runVerify(options: VerifyOptions): Promise<VerifyOutcome> {
  const useKurrent = options.eventstoreUrl !== undefined && options.eventstoreUrl !== '';
  const file = join(options.dataDir, SQLITE_FILE_NAME);
  if (!useKurrent && !existsSync(file)) {
    return { exitCode: 2, message: `no event log at ${file} (set --data-dir or TABLECAST_DATA_DIR)` };
  }
  const published =
    options.publishedHeadsFile === undefined ? undefined : readHeadsFile(options.publishedHeadsFile);
  if (published !== undefined && !published.ok) return { exitCode: 2, message: published.error };
  // Read-only: verifying evidence must not change it (nor create a log where there was none).
  const log: EventLog = useKurrent
    ? openEventLog({ eventstoreUrl: options.eventstoreUrl, dataDir: options.dataDir })
    : new SqliteEventLog({ dataDir: options.dataDir, readOnly: true });
  try {
    const whole = options.target === 'all';
    const scope = whole ? 'the whole log' : `stream ${options.target}`;
    const verifier = new ChainVerifier();
    const events = whole ? log.readAll() : await log.readStream(options.target);
    let broken: BrokenLink | undefined;
    for await (const event of events) {
      broken = verifier.push(event);
      if (broken !== undefined) break;
    }
    // The chain first (it names the first bad event), then the heads: a truncated or rewritten
    // tail still chains up, and only the separately recorded head shows it.
    const heads = (await log.readStreamHeads?.()) ?? {
      recorded: false,
      reason: `${log.description} does not record stream heads`,
    };
    if (broken === undefined && heads.recorded) {
      broken = checkHeads(verifier.lastEvents, heads.heads, whole ? undefined : options.target);
    }
    for (const head of published?.heads ?? []) {
      if (broken !== undefined) break;
      if (!whole && head.stream !== options.target) continue;
      const [atRevision] = await log.readStream(head.stream, { fromRevision: head.revision, maxCount: 1 });
      const [last] = await log.readStream(head.stream, { direction: 'backwards', maxCount: 1 });
      broken = checkPublishedHead(head, atRevision, last);
    }
    const result: VerifyResult = verifier.result(broken);
    if (result.ok && result.events === 0 && !whole) {
      return { exitCode: 2, message: `stream ${options.target} has no events in ${log.description}` };
    }
    if (result.ok) {
      if (options.writeHeadsFile !== undefined) {
        const current = [...verifier.lastEvents].map(([stream, last]) => ({
          stream,
          revision: last.revision,
          hash: last.hash,
        }));
        writeFileSync(
          options.writeHeadsFile,
          `${JSON.stringify(publishedHeads(log.description, new Date(), current), null, 2)}\n`,
        );
      }
      const publishedNote =
        published === undefined ? '' : `, ${published.heads.length} published head(s) present`;
      const headNote = heads.recorded ? `, stream heads match` : `; truncation NOT checked: ${heads.reason}`;
      return {
        exitCode: 0,
        result,
        message: `hash chain intact: ${result.events} events in ${result.streams} stream(s) of ${scope}${headNote}${publishedNote} (${log.description})`,
      };
    }
    return {
      exitCode: 1,
      result,
      message: `hash chain BROKEN at ${describeBrokenLink(result.brokenLink)} (checked ${result.events} events of ${scope})`,
    };
  } finally {
    await log.close();
  }
}

function readHeadsFile(file: string): { ok: true; heads: StreamHead[] } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return {
      ok: false,
      error: `cannot read heads file ${file}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const parsed = parsePublishedHeads(json);
  return parsed.ok ? parsed : { ok: false, error: `heads file ${file}: ${parsed.error}` };
}
