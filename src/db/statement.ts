// A statement of a write's batch: what a plan holds, and what the database helpers build.
import type { BatchItem } from "drizzle-orm/batch";

export type Statement = BatchItem<"sqlite">;
