/**
 * How the deployment's singletons start (docs/deployment.md, "Roles"): the jobs that must run once
 * per deployment because they append events or drive OBS (the result reactor, the turn clock, board
 * reveals, seat bots, the OBS bridge, the auto-director, recording chapters). In the `all` role
 * nothing provides the mode and each starts with the app. The `control` role provides
 * `{ startAtBoot: false }`: its lease keeper starts them once the process holds the control lease,
 * and stops them when it loses it.
 */
export const SINGLETON_MODE = Symbol('SINGLETON_MODE');

export interface SingletonMode {
  readonly startAtBoot: boolean;
}

/** A job the control lease keeper starts on acquiring the lease and stops on losing it. */
export interface Singleton {
  /** Starts the job; called once, only by the lease holder (or at boot in the `all` role). */
  startSingleton(): void | Promise<void>;
  /** Stops it acting (no further append, no further OBS request); safe when never started. */
  stopSingleton(): Promise<void>;
}

/** Whether a singleton starts with the app: yes unless a role said otherwise. */
export function startsAtBoot(mode: SingletonMode | undefined): boolean {
  return mode?.startAtBoot ?? true;
}
