import { buildProgram } from './program';

/** Entry point used by bin/tablecast.js; `argv` is the full process argv (node, script, ...args). */
export async function main(argv: readonly string[]): Promise<void> {
  await buildProgram().parseAsync([...argv]);
}
