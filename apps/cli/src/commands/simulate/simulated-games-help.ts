/**
 * What `tablecast simulate --help` says about each simulated game: its id, the rulesets
 * `--ruleset` takes (the default first) and the `--format` texts it reads. A light copy of the
 * help fields of `SIMULATED_GAMES` (@tablecast/games), so the help and every other command start
 * without loading the games; simulated-games-help.spec.ts keeps it equal to the registry.
 */
export interface SimulatedGameHelp {
  readonly rulesets: readonly string[];
  readonly formats: string;
  readonly defaultFormat: string;
}

export const SIMULATED_GAMES_HELP: Readonly<Record<string, SimulatedGameHelp>> = {
  guandan: {
    rulesets: ['cga2017', 'cesa2023', 'house004'],
    formats: 'toPastAce | fixedDeals:N | timed:MIN | timedOrFixedDeals:N:MIN',
    defaultFormat: 'fixedDeals:7',
  },
  doudizhu: { rulesets: ['cga2017'], formats: 'fixedDeals:N', defaultFormat: 'fixedDeals:3' },
  bigtwo: { rulesets: ['cga2017'], formats: 'fixedDeals:N', defaultFormat: 'fixedDeals:3' },
};
