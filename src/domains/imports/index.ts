// Imports: SIE 4 files, read in the queue and written through the company's writer.
// Owns: sie_imports.
export { registerImportRoutes } from "./routes";
export { startSieImport } from "./commands";
export { rollbackSieImport, runSieImport } from "./sie-import";
export { finishSieImport, postSieVouchers, prepareSieImport, rollbackSieVouchers } from "./sie-commands";
