export { getExecutor, startExecutor, stopExecutor } from "./app-executor";
export { defineEvent, type EventDefinition } from "./define-event";
export {
  defineFunction,
  type AnyFunctionDefinition,
  type Duration,
  type FunctionDefinition,
  type JobContext,
  type JobEvent,
  type JobLogger,
  type JobStep,
  type OutgoingEvent,
} from "./define-function";
export { dispatch } from "./dispatch";
export { EventValidationError, NonRetriableError } from "./errors";
export { createExecutor, type EnqueuedEvent, type Executor, type ExecutorOptions } from "./executor/create-executor";
export { getJobMode, type JobMode } from "./job-mode";
export { startBackgroundWork } from "./start-background-work";
