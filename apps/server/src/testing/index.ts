/**
 * Test helpers other packages use (`@tablecast/server/testing`): a real, headless OBS under the
 * machine-wide OBS lock, for the CLI's and the browser tests of the OBS bridge. Tests only.
 */
export { startRealObs, type RealObs } from '../obs/testing/real-obs';
