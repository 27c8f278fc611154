// Imports: SIE 4 files, read in the queue and written through the company's writer.
// Owns: sie_imports.
export { registerImportRoutes } from "./routes";
export { startSieImport } from "./service";
export {
  finishSieImport,
  postSieVouchers,
  prepareSieImport,
  rollbackSieImport,
  rollbackSieVouchers,
  runSieImport,
} from "./sie-import";
