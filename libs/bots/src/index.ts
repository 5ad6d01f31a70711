// @tablecast/bots: seat players for simulations and the demo final. The barrel is the only import target.
export { sensibleCommand } from './sensible-bot';
export { playCost, playPower } from './play-choice';
