import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_DIRECTOR_SETTINGS,
  directorSettingsSchema,
  parseDirector,
  type DirectorSettings,
} from './director-rules';

/** The director's file in the data dir does not hold valid settings; the server does not boot. */
export class DirectorSettingsFileError extends Error {
  override readonly name = 'DirectorSettingsFileError';
}

/**
 * The director's settings (on/off, dwell, rules) as JSON in the data dir, so a producer's rules
 * survive a restart. No file means the defaults. A file that does not parse stops the boot with a
 * message naming the file and the field: a director silently falling back to other rules on air
 * would be worse than a server that says what to fix.
 */
export class DirectorSettingsStore {
  readonly path: string;

  constructor(dataDir: string) {
    this.path = join(dataDir, 'director.json');
  }

  load(): DirectorSettings {
    if (!existsSync(this.path)) return DEFAULT_DIRECTOR_SETTINGS;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch (error) {
      throw new DirectorSettingsFileError(
        `director settings ${this.path} are not JSON (${error instanceof Error ? error.message : String(error)}); fix or delete the file`,
      );
    }
    const parsed = parseDirector(directorSettingsSchema, json, '');
    if (!parsed.ok) {
      const problems = parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ');
      throw new DirectorSettingsFileError(
        `director settings ${this.path}: ${problems}; fix or delete the file`,
      );
    }
    return parsed.value;
  }

  /** Written to a temp file and renamed, so a crash mid-write leaves the old settings whole. */
  save(settings: DirectorSettings): void {
    mkdirSync(join(this.path, '..'), { recursive: true });
    const temp = `${this.path}.${String(process.pid)}.tmp`;
    writeFileSync(temp, `${JSON.stringify(settings, null, 2)}\n`);
    renameSync(temp, this.path);
  }
}
