// The skattekonto (tax account, 1630): reading Skatteverket's transaction list (file.ts,
// xlsx.ts) and the counter account of each transaction text (rules.ts). Pure, no I/O.
export {
  MAX_TEXT_LENGTH,
  parseTaxAccountFile,
  TaxAccountFileError,
  type TaxAccountFile,
  type TaxAccountFileFormat,
  type TaxAccountFileProblem,
  type TaxAccountFileRow,
} from "./file";
export {
  classifyTaxAccountText,
  COUNTER_ACCOUNT,
  TAX_ACCOUNT,
  TAX_ACCOUNT_KINDS,
  taxAccountEntryLines,
  type TaxAccountClassification,
  type TaxAccountKind,
  type TaxAccountLine,
} from "./rules";
export { type ExpectedCharge, type StatementRow, unmetExpectedCharges } from "./expected";
