// The handlers of asynchronous operations, by operation type.
import { runBankImport } from "../domains/bank-transactions";
import { runCurrencyRevaluationOperation, runYearEndOperation } from "../domains/fiscal-periods";
import { runSieImport } from "../domains/imports";
import { PEPPOL_IMPORT_OPERATION, runPeppolImport } from "../domains/supplier-invoices";
import { runBankRunOperation, runTaxAccountImport, TAX_ACCOUNT_IMPORT_OPERATION } from "../domains/reconciliation";
import type { OperationHandler } from "../domains/operations";

export const OPERATION_HANDLERS: Record<string, OperationHandler> = {
  "import.sie": runSieImport,
  "import.bank": runBankImport,
  "fiscal_periods.year_end": runYearEndOperation,
  "fiscal_periods.currency_revaluation": runCurrencyRevaluationOperation,
  "reconciliation.bank_run": runBankRunOperation,
  [TAX_ACCOUNT_IMPORT_OPERATION]: runTaxAccountImport,
  [PEPPOL_IMPORT_OPERATION]: runPeppolImport,
};
