import { configSchema, type AppConfig } from './config.schema';
import { withObsPasswords } from './obs-instances';

/** A configuration value was rejected at boot; the message names the environment variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(`invalid configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once into a frozen, typed config. Only variables the schema knows are
 * read; an empty string counts as unset so `PORT= npm start` means the default.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): AppConfig {
  const known = Object.keys(configSchema.shape);
  const input = Object.fromEntries(
    known.map((name) => [name, env[name] === '' ? undefined : env[name]] as const),
  );
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: issue.path.map(String).join('.'),
        // Never echo a token list back into logs; other values help the operator fix the typo.
        message:
          issue.path[0] === 'TABLECAST_TOKENS'
            ? issue.message
            : `${issue.message} (got ${JSON.stringify(input[String(issue.path[0])])})`,
      })),
    );
  }
  // OBS passwords are per instance name (OBS_PASSWORD_MAIN), so they are read here, not by the schema.
  return Object.freeze({ ...parsed.data, OBS_INSTANCES: withObsPasswords(parsed.data.OBS_INSTANCES, env) });
}

/**
 * The one place the server touches `process.env`; `defaults` for what the environment leaves unset
 * (the demo's shorter broadcast delay and quieter log).
 */
export function loadConfigFromProcess(defaults: Readonly<Record<string, string>> = {}): AppConfig {
  return loadConfig({ ...defaults, ...process.env });
}

/** Rows for documentation: variable, default, description. */
export function describeConfig(): { variable: string; defaultValue: string; description: string }[] {
  return Object.entries(configSchema.shape).map(([variable, field]) => {
    const parsedDefault = field.safeParse(undefined);
    const value: unknown = parsedDefault.success ? parsedDefault.data : undefined;
    const defaultValue =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : '(unset)';
    return { variable, defaultValue, description: field.description ?? '' };
  });
}
