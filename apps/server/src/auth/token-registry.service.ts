import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config';
import type { Principal } from './roles';
import type { TokenEntry } from './token-spec';

/**
 * Resolves bearer tokens to principals. Tokens are kept only as SHA-256 digests, so a heap dump or
 * a timing difference in the map lookup reveals nothing usable about a token.
 */
@Injectable()
export class TokenRegistry {
  private readonly logger = new Logger(TokenRegistry.name);
  private readonly byDigest = new Map<string, Principal>();
  /** Tokens generated at boot when none were configured (embedded default / demo). */
  readonly generated: readonly TokenEntry[];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A gateway-only process generates none: tokens nobody else knows would be no use to staff,
    // who must reach it with the full server's tokens; without any it serves the public feeds only.
    const gateway = config.TABLECAST_ROLE === 'gateway';
    const entries = config.TABLECAST_TOKENS ?? (gateway ? [] : generateTokens());
    this.generated = config.TABLECAST_TOKENS ? [] : entries;
    if (gateway && config.TABLECAST_TOKENS === undefined) {
      this.logger.log('TABLECAST_TOKENS is not set: this gateway serves the venue and broadcast feeds only');
    }
    for (const entry of entries) {
      const actorId = entry.role === 'operator' ? `operator:${entry.table ?? ''}` : entry.role;
      this.byDigest.set(digest(entry.token), { role: entry.role, table: entry.table, actorId });
    }
    if (this.generated.length > 0) {
      // Information, not a fault: the embedded default and the demo run on generated tokens.
      this.logger.log(
        `TABLECAST_TOKENS is not set; generated tokens for this run: ${this.generated
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
  return createHash('sha256').update(token).digest('hex');
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
