// @tablecast/arbitration: the arbitration rules any game's appeals and corrections go through (appeal
// window, committee vote, score-correction windows), pure; the ruleset's appeal times come in as data.
export * from './arbitration-rules';
export * from './appeal-window';
export * from './committee';
export * from './score-correction-window';
