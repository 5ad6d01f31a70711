import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { hash } from 'node:crypto';
import { APP_CONFIG, sharedStateDir, type AppConfig } from '../config';
import { actorIdsOf } from './actor-ids';
import { loadOrCreateGeneratedTokens } from './generated-tokens-file';
import type { Principal } from './roles';
import type { TokenEntry } from '../config/token-spec';

/**
 * Resolves bearer tokens to principals. Tokens are kept only as SHA-256 digests, so a heap dump or
 * a timing difference in the map lookup reveals nothing usable about a token.
 */
@Injectable()
export class TokenRegistry implements OnModuleInit {
  private readonly logger = new Logger(TokenRegistry.name);
  private readonly byDigest = new Map<string, Principal>();
  private kept: readonly TokenEntry[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Tokens generated when none were configured (embedded default / demo): made at the first boot
   * on a data dir and read back from it on every later one, so printed links keep working.
   */
  get generated(): readonly TokenEntry[] {
    return this.kept;
  }

  // In init, not the constructor: a bad tokens file must fail the boot as an error the caller can
  // report (main exits 78 naming the file), and Nest aborts the process on a constructor's throw.
  onModuleInit(): void {
    const config = this.config;
    // A gateway-only process generates none: tokens nobody else knows would be no use to staff,
    // who must reach it with the full server's tokens; without any it serves the public feeds only.
    const gateway = config.TABLECAST_ROLE === 'gateway';
    if (gateway && config.TABLECAST_TOKENS === undefined) {
      this.logger.log('TABLECAST_TOKENS is not set: this gateway serves the venue and broadcast feeds only');
    }
    const kept =
      config.TABLECAST_TOKENS === undefined && !gateway
        ? loadOrCreateGeneratedTokens(sharedStateDir(config))
        : undefined;
    this.kept = kept?.entries ?? [];
    const entries = config.TABLECAST_TOKENS ?? this.kept;
    const actorIds = actorIdsOf(entries);
    for (const [i, entry] of entries.entries()) {
      const actorId = actorIds[i] ?? entry.role;
      this.byDigest.set(digest(entry.token), { role: entry.role, table: entry.table, actorId });
    }
    if (kept) {
      // Information, not a fault: the embedded default runs this way on purpose.
      this.logger.log(
        `TABLECAST_TOKENS is not set; staff tokens ${kept.created ? 'generated into' : 'read from'} ${kept.file}: ${this.kept
          .map((e) => `${e.role}${e.table ? `:${e.table}` : ''}=${e.token}`)
          .join(', ')}`,
      );
    }
  }

  resolve(token: string): Principal | undefined {
    return this.byDigest.get(digest(token));
  }
}

function digest(token: string): string {
  // One-shot: no Hash object made per request (the same digest as createHash's).
  return hash('sha256', token, 'hex');
}
