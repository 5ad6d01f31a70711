/**
 * Test helpers other packages use (`@tablecast/obs/testing`): a real, headless OBS under the
 * machine-wide OBS lock, for the server's, the CLI's and the browser tests of the OBS bridge. Tests only.
 */
export { startRealObs, START_OBS_SCRIPT, type RealObs } from './real-obs';
