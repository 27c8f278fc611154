// The handlers of asynchronous operations, by operation type.
import { runSieImport } from "../domains/imports";
import type { OperationHandler } from "../domains/operations";

export const OPERATION_HANDLERS: Record<string, OperationHandler> = {
  "import.sie": runSieImport,
};
