// Asynchronous operations: the row, progress and outcome of long work run by the queue.
// Owns: operations.
export { registerOperationRoutes, OperationSchema } from "./routes";
export { planOperation, runOperation, type OperationContext, type OperationHandler } from "./service";
