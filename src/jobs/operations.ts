// The handlers of asynchronous operations, by operation type.
import { runSieImport } from "../domains/imports/sie-import";
import type { OperationHandler } from "../domains/operations/service";

export const OPERATION_HANDLERS: Record<string, OperationHandler> = {
  "import.sie": runSieImport,
};
