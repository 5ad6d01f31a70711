import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ROLES } from './roles';
import type { TokenEntry } from '../config/token-spec';

export const GENERATED_TOKENS_FILE_NAME = 'staff-tokens.json';

/** The tokens file in a data dir exists but cannot be used; the message names the file. */
export class GeneratedTokensFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(
      `staff tokens file ${file} is not usable (${problem}); restore it from a backup, or delete it ` +
        `to generate new tokens (every link printed before then stops working), or set TABLECAST_TOKENS`,
    );
    this.name = 'GeneratedTokensFileError';
  }
}

const fileSchema = z.strictObject({
  tokens: z
    .array(
      z.strictObject({
        role: z.enum(ROLES),
        table: z.string().min(1).nullable(),
        token: z.string().min(16),
      }),
    )
    .min(1),
});

export interface GeneratedTokens {
  readonly entries: readonly TokenEntry[];
  readonly file: string;
  /** True when this boot generated them; false when they were read back from the file. */
  readonly created: boolean;
}

/**
 * The staff tokens of a server started without TABLECAST_TOKENS: generated once, then kept in the
 * data dir (owner read/write only, they are bearer credentials) so the links printed at the first
 * boot — the console on the operator's tablet, the browser sources in OBS — still open after a
 * restart.
 */
export function loadOrCreateGeneratedTokens(
  dataDir: string,
  /** Runs after the file was found missing, before this process creates it: a test makes another process win there. */
  beforeCreate?: () => void,
): GeneratedTokens {
  const dir = resolve(dataDir);
  const file = join(dir, GENERATED_TOKENS_FILE_NAME);
  const existing = readTokensFile(file);
  if (existing !== undefined) {
    // Copied in by hand or restored from a backup with a looser mode: close it again.
    chmodSync(file, 0o600);
    return { entries: existing, file, created: false };
  }
  beforeCreate?.();
  const entries = generateTokens();
  mkdirSync(dir, { recursive: true });
  // Written beside it and linked in, so a crash mid-write never leaves half a file to trip the next
  // boot. The link is exclusive: processes sharing the dir that boot together (several api
  // processes on one log) end with one set, the first linked; the others read it back.
  const partial = `${file}.${String(process.pid)}.tmp`;
  writeFileSync(partial, `${JSON.stringify({ tokens: entries }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  try {
    linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const first = readTokensFile(file);
    if (first === undefined) throw new GeneratedTokensFileError(file, 'vanished while it was being created');
    return { entries: first, file, created: false };
  } finally {
    rmSync(partial, { force: true });
  }
  return { entries, file, created: true };
}

function readTokensFile(file: string): TokenEntry[] | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new GeneratedTokensFileError(file, (error as Error).message);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new GeneratedTokensFileError(file, `not JSON: ${(error as Error).message}`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new GeneratedTokensFileError(file, `${where}${issue?.message ?? 'invalid'}`);
  }
  return parsed.data.tokens;
}

function generateTokens(): TokenEntry[] {
  const make = (): string => randomBytes(18).toString('base64url');
  return [
    { role: 'referee', table: null, token: make() },
    { role: 'arbiter', table: null, token: make() },
    { role: 'producer', table: null, token: make() },
    { role: 'operator', table: '*', token: make() },
  ];
}
