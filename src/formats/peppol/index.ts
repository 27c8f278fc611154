// Peppol BIS Billing 3.0 (UBL 2.1) helpers that know no domain: the validator and the reader.
export { PEPPOL_LIMITS, type PeppolLimit } from "./limits.ts";
export { PeppolLimitError, type PeppolScan, scanPeppolXml } from "./prescan.ts";
export { matchToSelection } from "./selection.ts";
export { type PeppolDocument, type PeppolLine, readPeppolDocument } from "./read.ts";
export {
  type Finding,
  type PeppolValidation,
  PeppolValidationTimeout,
  PeppolXmlError,
  parsePeppolXml,
  validatePeppol,
  validatePeppolDocument,
  validatePeppolDocumentAsync,
} from "./validate.ts";
