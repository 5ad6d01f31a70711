import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Where the result reactor resumes: the log position up to which every event has been looked at,
 * and the matches assigned to a table whose result is not yet recorded (match id → tournament id),
 * since their MatchAssigned lies before that position.
 */
export interface ResultCheckpoint {
  readonly position: string;
  readonly open: Readonly<Record<string, string>>;
}

const CheckpointSchema = z.object({ position: z.string().min(1), open: z.record(z.string(), z.string()) });

export const RESULT_CHECKPOINT_FILE = 'tournament-results.json';

/** The checkpoint in `dataDir`, or undefined when there is none yet (the reactor starts from the log's start). */
export function readResultCheckpoint(dataDir: string): ResultCheckpoint | undefined {
  const path = join(dataDir, RESULT_CHECKPOINT_FILE);
  if (!existsSync(path)) return undefined;
  const parsed = CheckpointSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success)
    throw new Error(`${path}: not a result checkpoint (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  return parsed.data;
}

/** Written beside and renamed over the old one, so a crash mid-write leaves the old checkpoint whole. */
export function writeResultCheckpoint(dataDir: string, checkpoint: ResultCheckpoint): void {
  const path = join(dataDir, RESULT_CHECKPOINT_FILE);
  writeFileSync(`${path}.tmp`, JSON.stringify(checkpoint));
  renameSync(`${path}.tmp`, path);
}
