// The handlers of asynchronous operations, by operation type.
import type { OperationHandler } from "../domains/operations/service";

export const OPERATION_HANDLERS: Record<string, OperationHandler> = {};
