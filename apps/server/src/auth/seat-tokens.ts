import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { hash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { APP_CONFIG, sharedStateDir, type AppConfig } from '../config';
import { SharedSeatTokens } from './shared-seat-tokens';

export const SEAT_TOKENS_FILE_NAME = 'seat-tokens.json';

/** A player at a terminal: one seat of one match, nothing else. */
export interface SeatPrincipal {
  readonly matchId: string;
  readonly seat: string;
  /** Stable and not secret, for logs and event metadata: `player:<match>#<seat>`. */
  readonly actorId: string;
}

/** One seat's token, as the issuer hands it to the player (once: only its digest is kept). */
export interface IssuedSeatToken {
  readonly seat: string;
  readonly token: string;
}

const fileSchema = z.strictObject({
  seats: z.array(
    z.strictObject({ digest: z.string().regex(/^[0-9a-f]{64}$/), matchId: z.string(), seat: z.string() }),
  ),
});
type Stored = z.infer<typeof fileSchema>['seats'][number];

/**
 * Seat tokens for the player terminal, one per seat of a match. Kept only as SHA-256 digests, like
 * the staff tokens, in the data dir so a restart does not lock the players out (with a shared log
 * dir, in SharedSeatTokens beside it, so every api process knows every seat's token). Issuing again for a
 * match replaces its tokens: a lost tablet's link stops working.
 */
@Injectable()
export class SeatTokenRegistry implements OnApplicationShutdown {
  private readonly byDigest = new Map<string, Stored>();
  private readonly file: string | undefined;
  /** With a shared log dir: the tokens every process of the deployment reads, instead of the file. */
  private readonly shared: SharedSeatTokens | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A gateway-only process plays nothing: no seat token is valid there.
    if (config.TABLECAST_ROLE === 'gateway') return;
    if (config.TABLECAST_LOG_DIR !== undefined) {
      this.shared = new SharedSeatTokens(sharedStateDir(config));
      return;
    }
    this.file = join(resolve(config.TABLECAST_DATA_DIR), SEAT_TOKENS_FILE_NAME);
    for (const stored of readSeatTokens(this.file)) this.byDigest.set(stored.digest, stored);
  }

  onApplicationShutdown(): void {
    this.shared?.close();
  }

  issue(matchId: string, seats: readonly string[]): IssuedSeatToken[] {
    if (this.shared !== undefined) {
      const issued = seats.map((seat) => ({ seat, token: randomBytes(24).toString('base64url') }));
      this.shared.replace(
        matchId,
        issued.map(({ seat, token }) => ({ digest: digest(token), matchId, seat })),
      );
      return issued;
    }
    for (const [key, stored] of this.byDigest) if (stored.matchId === matchId) this.byDigest.delete(key);
    const issued = seats.map((seat) => ({ seat, token: randomBytes(24).toString('base64url') }));
    for (const { seat, token } of issued)
      this.byDigest.set(digest(token), { digest: digest(token), matchId, seat });
    this.persist();
    return issued;
  }

  resolve(token: string): SeatPrincipal | undefined {
    const stored =
      this.shared !== undefined ? this.shared.find(digest(token)) : this.byDigest.get(digest(token));
    if (!stored) return undefined;
    return { matchId: stored.matchId, seat: stored.seat, actorId: `player:${stored.matchId}#${stored.seat}` };
  }

  private persist(): void {
    if (this.file === undefined) return;
    mkdirSync(join(this.file, '..'), { recursive: true });
    // Written beside it and renamed: a crash mid-write never leaves half a file.
    const partial = `${this.file}.${String(process.pid)}.tmp`;
    writeFileSync(partial, `${JSON.stringify({ seats: [...this.byDigest.values()] })}\n`, { mode: 0o600 });
    renameSync(partial, this.file);
  }
}

function readSeatTokens(file: string): Stored[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed = fileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`seat tokens file ${file} is not usable: ${parsed.error.message}`);
  return parsed.data.seats;
}

function digest(token: string): string {
  // One-shot: no Hash object made per request (the same digest as createHash's).
  return hash('sha256', token, 'hex');
}
