import {
  GUANDAN_RULESETS as RULESETS,
  playRandomGuandanMatch as playRandomMatch,
} from '@tablecast/games/testing';
import type { ClientCommand } from '@tablecast/protocol';
import { toClientCommand } from '@tablecast/bots';

/**
 * A bot match recorded before the timed window, with the pure rules engine in the benchmark's own
 * process: the commands an operator would key, deals by recorded seed. Playing it back costs the
 * server one POST per command, as at a real table, instead of the bots' GET of the whole match
 * state before every move (work no production server does per event, which the bare `ws` server
 * in the same comparison does not do either).
 */
export function recordMatch(seed: string, deals: number): ClientCommand[] {
  const commands: ClientCommand[] = [];
  const result = playRandomMatch({
    ruleset: RULESETS.cga2017,
    format: { kind: 'fixedDeals', deals },
    seed,
    maxHands: deals,
    onStep: ({ command, events }) => {
      if (command.type === 'CreateMatch') return;
      if (command.type !== 'DealCards') {
        commands.push(toClientCommand(command));
        return;
      }
      // The first deal's turned card comes from the server's salt unless keyed: key the recorded one.
      const turned = events.find((event) => event.type === 'FirstLeadCut');
      const cutIndex = turned?.type === 'FirstLeadCut' ? turned.data.cutIndex : undefined;
      commands.push({ type: 'DealCards', seed: command.seed, cutIndex });
    },
  });
  if (!result.ok) throw new Error(`recording the bench match failed: ${result.violation.message}`);
  return commands;
}
