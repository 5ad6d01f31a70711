import type { Decision, RuleViolation } from '../decision';
import type { GameEvent } from '../game-event';
import type { AnyGameModule, GameCommand } from '../module';
import type { SampleMatch } from './conformance-samples';

/** One decided command of a sample match: the state before, the decision, and the state after its events. */
export interface TracedStep {
  readonly command: GameCommand;
  readonly expectedRule: string | undefined;
  readonly before: unknown;
  readonly decision: Decision<GameEvent>;
  /** Each accepted event with the state it produced. */
  readonly folded: readonly {
    readonly event: GameEvent;
    readonly before: unknown;
    readonly after: unknown;
  }[];
  readonly after: unknown;
}

export interface TracedMatch {
  readonly name: string;
  readonly ends: boolean;
  readonly steps: readonly TracedStep[];
  /** Every accepted event, in stream order. */
  readonly events: readonly GameEvent[];
  readonly final: unknown;
}

/** Plays a sample match through the module, recording every state it reaches. */
export function traceMatch(module: AnyGameModule, sample: SampleMatch<GameCommand, unknown>): TracedMatch {
  let state: unknown = module.initialState();
  const steps: TracedStep[] = [];
  const events: GameEvent[] = [];
  const commands: { command: GameCommand; rejected?: string | undefined }[] = [
    { command: module.setup.command(sample.setup, sample.now) },
    ...sample.steps,
  ];
  for (const { command, rejected } of commands) {
    const before = state;
    const decision = module.decide(command, state);
    const folded: { event: GameEvent; before: unknown; after: unknown }[] = [];
    if (decision.ok) {
      for (const event of decision.events) {
        const previous = state;
        state = module.evolve(state, event);
        folded.push({ event, before: previous, after: state });
        events.push(event);
      }
    }
    steps.push({ command, expectedRule: rejected, before, decision, folded, after: state });
  }
  return { name: sample.name, ends: sample.ends, steps, events, final: state };
}

export function violationsOf(match: TracedMatch): RuleViolation[] {
  return match.steps.flatMap((step) => (step.decision.ok ? [] : [step.decision]));
}

/** Every string anywhere in a JSON-like value (keys included): what a screen could print. */
export function stringsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      stringsIn(item, into);
    }
  }
  return into;
}
