// Dimensions (cost centres, projects): SIE #DIM and #OBJEKT.
// Owns: dimensions, dimension_codes.
export { registerDimensionRoutes } from "./routes";
export { createCode, createDimension, updateCode, updateDimension } from "./commands";
export { planImportedDimensions, type ImportedDimensions } from "./import";
