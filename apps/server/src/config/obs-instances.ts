/** One OBS the bridge drives (main, backup), as configured by OBS_INSTANCES. */
export interface ObsInstanceConfig {
  readonly name: string;
  readonly url: string;
  /** From OBS_PASSWORD_<NAME>; undefined when that OBS has authentication off. Never logged. */
  readonly password: string | undefined;
}

/** Parses `main=ws://127.0.0.1:4455,backup=ws://10.0.0.9:4455`; a string is the problem. */
export function parseObsInstances(spec: string): { name: string; url: string }[] | string {
  const instances: { name: string; url: string }[] = [];
  for (const entry of spec.split(',').map((part) => part.trim())) {
    const match = /^([a-z][a-z0-9_]{0,31})=(wss?:\/\/[^\s,]+)$/.exec(entry);
    if (!match?.[1] || !match[2]) {
      return `must be comma-separated name=ws://host:port (names lower-case letters, digits, _), got "${entry}"`;
    }
    if (instances.some((instance) => instance.name === match[1]))
      return `names OBS instance "${match[1]}" twice`;
    instances.push({ name: match[1], url: match[2] });
  }
  return instances;
}

/** The password variable of an instance: OBS_PASSWORD_MAIN for main. */
export function obsPasswordVariable(name: string): string {
  return `OBS_PASSWORD_${name.toUpperCase()}`;
}

/** Joins each instance with its password variable; a variable set but empty counts as unset. */
export function withObsPasswords(
  instances: readonly { name: string; url: string }[] | undefined,
  env: Readonly<Record<string, string | undefined>>,
): readonly ObsInstanceConfig[] {
  return Object.freeze(
    (instances ?? []).map((instance) => {
      const password = env[obsPasswordVariable(instance.name)];
      return Object.freeze({ ...instance, password: password === '' ? undefined : password });
    }),
  );
}
