import { Inject, Injectable } from '@nestjs/common';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { APP_CONFIG, type AppConfig } from '../config';

export interface ReadinessCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly detail?: string;
}

/**
 * Answers "can this process take traffic?". Liveness (/healthz) only says the process runs;
 * readiness also checks what requests depend on. Later components (event store, projections)
 * register their checks here.
 */
@Injectable()
export class ReadinessService {
  private readonly checks = new Map<string, () => ReadinessCheck>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A gateway-only process keeps nothing on disk: no data dir to create or check.
    if (config.TABLECAST_ROLE === 'gateway') return;
    mkdirSync(config.TABLECAST_DATA_DIR, { recursive: true });
    this.register('data-dir', () => {
      try {
        accessSync(config.TABLECAST_DATA_DIR, constants.W_OK);
        return { name: 'data-dir', ok: true };
      } catch (error) {
        return { name: 'data-dir', ok: false, detail: (error as Error).message };
      }
    });
  }

  register(name: string, check: () => ReadinessCheck): void {
    this.checks.set(name, check);
  }

  evaluate(): { ready: boolean; checks: ReadinessCheck[] } {
    const checks = [...this.checks.values()].map((check) => check());
    return { ready: checks.every((c) => c.ok), checks };
  }
}
