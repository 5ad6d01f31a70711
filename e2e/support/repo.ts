import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where browser screenshots are kept as CI artifacts (git-ignored). */
export const artifactsDir = fileURLToPath(new URL('../../test-artifacts', import.meta.url));
