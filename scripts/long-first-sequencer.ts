import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The spec files that take longest (seconds on 2 cores, from the last whole CI run), longest first.
 * The unit and integration files share a pool of workers: started last, one of these would run on
 * alone at the end while the other cores idle. Vitest orders by its own record of durations when
 * it has one; a fresh clone (CI) has none, and its fallback (larger files first) starts them late.
 */
const KNOWN_LONG: readonly string[] = [
  'libs/games/src/feeds/feeds.property.spec.ts', // 571 s: 100,000 deals in CI
  'apps/server/src/simulation/simulate.int.spec.ts', // 51 s
  'libs/bus/src/kafka-confluent/confluent-bus.int.spec.ts', // 40 s
  'libs/guandan/src/sim/playout.spec.ts', // 26 s
  'apps/cli/src/commands/verify.command.int.spec.ts', // 17 s
  'apps/cli/src/commands/obs.command.int.spec.ts', // 16 s
  'apps/server/src/obs/obs-websocket.adapter.int.spec.ts', // 16 s
  'apps/server/src/gateway/gateway-role.int.spec.ts', // 16 s
  'libs/bus/src/kafka/kafka-bus.int.spec.ts', // 15 s
  'apps/server/src/gateway/gateway-role-confluent.int.spec.ts', // 14 s
  'apps/server/src/tournaments/whole-event.int.spec.ts', // 12 s
  'libs/doudizhu/src/sim/boards.property.spec.ts', // 12 s
];

/** Vitest's order, with the known-long files moved to the front of it (longest first). */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = KNOWN_LONG.indexOf(relative(this.ctx.config.root, spec.moduleId).replaceAll('\\', '/'));
      return index === -1 ? KNOWN_LONG.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
