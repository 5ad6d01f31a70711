// @tablecast/game-kit/testing: the game-module conformance suite (vitest), for every game's spec.
export { describeGameModuleConformance } from './conformance';
export type { ConformanceSamples, SampleMatch, SampleStep } from './conformance-samples';
export { stringsIn, traceMatch, type TracedMatch, type TracedStep } from './trace';
