// Asynchronous operations: the row, progress and outcome of long work run by the queue.
// Owns: operations.
export { registerOperationRoutes, OperationSchema } from "./routes";
export { MAX_OPERATION_ATTEMPTS, sweepOperations, type OperationSweep } from "./sweep";
export {
  assertOperationClaim,
  HEARTBEAT_TIMEOUT_MS,
  loadOperation,
  OperationLeftRunning,
  OPERATION_CONTINUES,
  operationFile,
  operationProgress,
  planOperation,
  planOperationStart,
  runOperation,
  settleOperation,
  type OperationContext,
  type OperationHandler,
  type OperationOutcome,
  type OperationRollback,
} from "./commands";
