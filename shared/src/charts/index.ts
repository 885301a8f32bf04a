/**
 * What the widgets draw with, shared as a federation singleton of its own
 * (`@token-portfolio/shared/charts`, docs/architecture.md#what-the-page-shares). Shared as
 * a package, d3-shape came whole; re-exported here, only these functions and what they need
 * are bundled. The scale is our own (docs/decisions/0019). A widget that draws with another
 * d3 function adds it here.
 */
export { arc, area, line, pie, type PieArcDatum } from 'd3-shape';
export { linearScale, type LinearScale } from './linearScale';
