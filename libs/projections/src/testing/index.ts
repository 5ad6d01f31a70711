/**
 * Test helpers other packages use (`@tablecast/projections/testing`): the rows of a projections
 * file, to compare with a rebuild of the log. Tests only; nothing in production imports this subpath.
 */
export { projectionRowsOf, type ProjectionRows } from './projection-rows';
