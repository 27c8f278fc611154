// Asynchronous operations: the row, progress and outcome of long work run by the queue.
// Owns: operations.
export { registerOperationRoutes, OperationSchema } from "./routes";
export {
  loadOperation,
  OPERATION_CONTINUES,
  operationProgress,
  planOperation,
  runOperation,
  settleOperation,
  type OperationContext,
  type OperationHandler,
  type OperationOutcome,
} from "./service";
