import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DIRECTOR_SETTINGS } from './director-rules';
import { DirectorSettingsStore } from './director-settings.store';

describe('the director settings file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tablecast-director-store-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the defaults when there is no file, and what was saved after a save', () => {
    const store = new DirectorSettingsStore(dir);
    expect(store.load()).toEqual(DEFAULT_DIRECTOR_SETTINGS);
    const changed = { ...DEFAULT_DIRECTOR_SETTINGS, enabled: false, minSceneDwellMs: 2_500 };
    store.save(changed);
    expect(new DirectorSettingsStore(dir).load()).toEqual(changed);
    expect(readdirSync(dir)).toEqual(['director.json']);
  });

  it('refuses a file that is not JSON, or names the field that does not validate', () => {
    const store = new DirectorSettingsStore(dir);
    writeFileSync(store.path, '{ "enabled": tru');
    expect(() => store.load()).toThrow(
      /^director settings .*director\.json are not JSON \(.*\); fix or delete the file$/,
    );
    writeFileSync(store.path, JSON.stringify({ ...DEFAULT_DIRECTOR_SETTINGS, minSceneDwellMs: -1 }));
    expect(() => store.load()).toThrow(
      `director settings ${store.path}: minSceneDwellMs: must be a whole number of ms from 0 to 600000; fix or delete the file`,
    );
  });
});
