/** Test helpers other packages use (`@tablecast/broadcast/testing`). Tests only. */
export { feedInputAt } from '../feeds/testing';
