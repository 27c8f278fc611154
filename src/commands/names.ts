// Commands are known by name: a write crosses from the Worker to the company's writer as
// a name and an input. The table of them is the composition root's (src/app/commands.ts),
// which declares it into `CommandTable` below by declaration merging, so the core types
// every name and input without importing a domain.
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Statement } from "../db/statement";
import type { Job } from "../queue";
import type { PlannedEvent } from "../writer/events";
import type { AnyCommand, CommandContext } from "./plan";

// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in src/app/commands.ts
export interface CommandTable {}

export type CommandName = keyof CommandTable & string;

/** What a command takes: typed from its zod schema through the command's signature. */
export type CommandInput<N extends CommandName> = InputOf<CommandTable[N]>;

type Planner<I> = (db: Database, input: I, ...rest: never[]) => unknown;
type InputOf<C> = C extends Planner<infer I> ? I : C extends { plan: Planner<infer I> } ? I : never;

/** Committed events become webhook deliveries in the same batch. */
export type PlanDeliveries = (
  db: Database,
  ctx: CommandContext,
  events: (PlannedEvent & { id: string })[],
) => Promise<{ statements: Statement[]; jobs: Job[] }>;

/** What the company's writer runs commands with, handed in by the composition root. */
export interface CommandWiring {
  commands: { readonly [N in CommandName]: AnyCommand<CommandInput<N>> };
  planDeliveries: PlanDeliveries;
  /** after a batch that wrote the company's row: its copy in the directory (docs/databases.md) */
  copyCompanyRow: (env: Env, home: Database, companyId: string) => Promise<void>;
  /** the command a write becomes when the key stages it (its input a StagedWrite, src/commands/plan.ts) */
  stageCommand?: CommandName;
}
