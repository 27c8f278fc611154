// ROT and RUT: the rules (rates and caps by date, work types, buyers, homes, the
// deduction and its reversal on a credit note) and Skatteverket's claim file (schema V6).
// Pure functions on plain data in öre; see docs/rot-rut.md.
export {
  CAPS,
  RATES,
  MINIMUM_AGE,
  deductionCaps,
  deductionOf,
  deductionRateBp,
  floorToKronorOre,
  type CapRow,
  type DeductionType,
  type RateRow,
} from "./rules";
export {
  ROT_WORK_TYPE_CODES,
  RUT_WORK_TYPE_CODES,
  SCHABLON_LABOUR_SHARE_BP,
  WORK_TYPES,
  workType,
  type WorkType,
} from "./work-types";
export {
  allocateByShares,
  computeDeduction,
  creditDeduction,
  hasDeduction,
  shareToBp,
  invoiceWorkTypeCodes,
  type BuyerDeduction,
  type BuyerInput,
  type CreditInput,
  type CreditResult,
  type DeductionInput,
  type DeductionLineInput,
  type DeductionResult,
  type Housing,
  type HousingInput,
  type PerType,
  type PriorDeduction,
  type RuleResult,
  type RuleViolation,
  type WorkSummary,
} from "./deduction";
export {
  BEGARAN_NAMESPACE,
  KOMPONENT_NAMESPACE,
  MAX_CASES_PER_FILE,
  buildClaimXml,
  claimCasesForPaidInvoice,
  planClaimFiles,
  validateClaimFile,
  type ClaimCase,
  type ClaimFile,
  type ClaimWork,
  type PaidInvoice,
} from "./claim-file";
