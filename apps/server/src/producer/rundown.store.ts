import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, eventLogDir, type AppConfig } from '../config';
import { EMPTY_RUNDOWN, StoredRundown, type Rundown } from './rundown';

const FILE = 'producer-rundown.json';

/**
 * The rundown in the data dir (one per server), so a restart mid-show keeps the list, the cued and
 * the live item. Written whole to a temp file and renamed over the old one: a crash mid-write
 * leaves the previous rundown, never half of one.
 */
@Injectable()
export class RundownStore {
  private readonly logger = new Logger(RundownStore.name);
  private readonly path: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // Beside the shared log when there is one: a control process that takes over has the show's list.
    this.path = join(eventLogDir(config), FILE);
  }

  load(): Rundown {
    if (!existsSync(this.path)) return EMPTY_RUNDOWN;
    try {
      return StoredRundown.parse(JSON.parse(readFileSync(this.path, 'utf8')));
    } catch (error) {
      // Keep the unreadable file for a person to look at; the show goes on with an empty list.
      const aside = `${this.path}.unreadable-${String(Date.now())}`;
      renameSync(this.path, aside);
      this.logger.error(`rundown ${this.path} unreadable, moved to ${aside}: ${String(error)}`);
      return EMPTY_RUNDOWN;
    }
  }

  save(rundown: Rundown): void {
    const temp = `${this.path}.tmp`;
    writeFileSync(temp, `${JSON.stringify(rundown, null, 2)}\n`);
    renameSync(temp, this.path);
  }
}
