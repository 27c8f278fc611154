// Peppol BIS Billing 3.0 (UBL 2.1) helpers that know no domain: the validator.
export {
  type Finding,
  matchToSelection,
  type PeppolValidation,
  PeppolXmlError,
  parsePeppolXml,
  validatePeppol,
  validatePeppolDocument,
} from "./validate.ts";
