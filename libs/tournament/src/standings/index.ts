export { canonicalResults } from './canonical';
export { StandingsLedger, type LedgerConfig } from './ledger';
export { computeStandings, type StandingsInput, type StandingsRow } from './standings';
