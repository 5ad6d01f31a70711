export { canonicalResults } from './canonical';
export { computeStandings, type StandingsInput, type StandingsRow } from './standings';
