// The handlers of asynchronous operations, by operation type.
import { rollbackBankImport, runBankImport } from "../domains/bank-transactions";
import { runCurrencyRevaluationOperation, runYearEndOperation } from "../domains/fiscal-periods";
import { rollbackSieImport, runSieImport } from "../domains/imports";
import { PEPPOL_IMPORT_OPERATION, runPeppolImport } from "../domains/supplier-invoices";
import { runBankRunOperation, runTaxAccountImport, TAX_ACCOUNT_IMPORT_OPERATION } from "../domains/reconciliation";
import type { OperationHandler, OperationRollback } from "../domains/operations";

export const OPERATION_HANDLERS: Record<string, OperationHandler> = {
  "import.sie": runSieImport,
  "import.bank": runBankImport,
  "fiscal_periods.year_end": runYearEndOperation,
  "fiscal_periods.currency_revaluation": runCurrencyRevaluationOperation,
  "reconciliation.bank_run": runBankRunOperation,
  [TAX_ACCOUNT_IMPORT_OPERATION]: runTaxAccountImport,
  [PEPPOL_IMPORT_OPERATION]: runPeppolImport,
};

/**
 * What removes the partial writes of an operation the sweep gave up on (issue #41 item 5). The
 * other types write once, atomically (or nothing that a re-run does not put right): failing them
 * needs no rollback.
 */
export const OPERATION_ROLLBACKS: Record<string, OperationRollback> = {
  "import.sie": rollbackSieImport,
  "import.bank": rollbackBankImport,
};
