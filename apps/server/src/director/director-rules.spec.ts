import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DIRECTOR_RULES,
  DEFAULT_DIRECTOR_SETTINGS,
  DIRECTOR_MOMENTS,
  directorRulesSchema,
  directorSettingsSchema,
  parseDirector,
} from './director-rules';

describe('director rules as data', () => {
  it('the defaults are valid and cover every moment the director knows', () => {
    expect(parseDirector(directorSettingsSchema, DEFAULT_DIRECTOR_SETTINGS, '')).toEqual({
      ok: true,
      value: DEFAULT_DIRECTOR_SETTINGS,
    });
    expect(new Set(DEFAULT_DIRECTOR_RULES.map((r) => r.on))).toEqual(new Set(DIRECTOR_MOMENTS));
    expect(DEFAULT_DIRECTOR_SETTINGS.minSceneDwellMs).toBe(8_000);
  });

  it('names the bad field of a rule, from the list it is in', () => {
    const rules = [...DEFAULT_DIRECTOR_RULES.slice(0, 2), { ...DEFAULT_DIRECTOR_RULES[2], cooldownMs: -5 }];
    expect(parseDirector(directorRulesSchema, rules, 'rules')).toEqual({
      ok: false,
      issues: [{ path: 'rules.2.cooldownMs', message: 'must be a whole number of ms from 0 to 3600000' }],
    });
  });

  it('refuses unknown moments, actions, cue names and extra fields, and duplicate ids', () => {
    const bad = (rule: Record<string, unknown>): string[] => {
      const parsed = parseDirector(directorRulesSchema, [rule], 'rules');
      return parsed.ok ? [] : parsed.issues.map((i) => `${i.path}: ${i.message}`);
    };
    const base = { id: 'r', enabled: true, on: 'bomb', cooldownMs: 0 };
    expect(bad({ ...base, on: 'grandSlam', action: { type: 'transition' } })).toEqual([
      `rules.0.on: must be one of ${DIRECTOR_MOMENTS.join(', ')}`,
    ]);
    expect(bad({ ...base, action: { type: 'explode' } })[0]).toMatch(/^rules\.0\.action\.type: /);
    expect(bad({ ...base, action: { type: 'switchScene', scene: ' ', mode: 'cut' } })).toEqual([
      'rules.0.action.scene: must be an OBS scene name',
    ]);
    expect(bad({ ...base, action: { type: 'switchScene', scene: 'Table', mode: 'fade' } })).toEqual([
      'rules.0.action.mode: must be cut or previewAndTake',
    ]);
    expect(bad({ ...base, action: { type: 'showMoment', cue: { moment: 'slam' } } })[0]).toMatch(
      /^rules\.0\.action\.cue: must be \{ moment: bomb\|/,
    );
    expect(bad({ ...base, colour: 'red', action: { type: 'transition' } })[0]).toMatch(/^rules\.0: /);
    const twice = parseDirector(
      directorRulesSchema,
      [DEFAULT_DIRECTOR_RULES[0], DEFAULT_DIRECTOR_RULES[0]],
      'rules',
    );
    expect(twice).toEqual({
      ok: false,
      issues: [{ path: 'rules.1.id', message: 'duplicate rule id "bomb-moment"' }],
    });
  });
});
