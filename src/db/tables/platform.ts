// Webhooks and their deliveries, long-running operations, SIE imports.
// Money is integer öre (columns named *_ore); never REAL.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const bool = (name: string) => integer(name, { mode: "boolean" });

export const webhooks = sqliteTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    eventType: text("event_type").notNull(),
    webhookUrl: text("webhook_url").notNull(),
    active: bool("active").notNull(),
    apiVersionPinned: text("api_version_pinned").notNull(),
    disabledAt: text("disabled_at"),
    disabledReason: text("disabled_reason"),
    /** AES-GCM ciphertext of the signing secret */
    secretEnc: text("secret_enc").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("webhooks_company_event_idx").on(t.companyId, t.eventType)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** null once the webhook is deleted; such rows are never dispatched again */
    webhookId: text("webhook_id"),
    eventId: text("event_id"),
    eventType: text("event_type").notNull(),
    status: text("status", { enum: ["pending", "in_flight", "delivered", "failed", "dead"] }).notNull(),
    attempts: integer("attempts").notNull(),
    nextAttemptAt: text("next_attempt_at"),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    error: text("error"),
    requestId: text("request_id").notNull(),
    /** the exact JSON body sent, shaped by the webhook's pinned version */
    payload: text("payload").notNull(),
    retryOfId: text("retry_of_id"),
    createdAt: text("created_at").notNull(),
    deliveredAt: text("delivered_at"),
  },
  (t) => [
    index("deliveries_webhook_created_idx").on(t.webhookId, t.createdAt, t.id),
    index("deliveries_due_idx").on(t.status, t.nextAttemptAt),
    // Only the deliveries still to be sent, by event: the outbox keeps an event while one
    // remains (OPEN_DELIVERY in src/domains/webhooks/retention.ts states the same condition).
    index("deliveries_open_event_idx")
      .on(t.eventId)
      .where(sql`status IN ('pending', 'in_flight', 'failed') AND webhook_id IS NOT NULL`),
  ],
);

export const operations = sqliteTable(
  "operations",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    type: text("type").notNull(),
    status: text("status", { enum: ["queued", "running", "succeeded", "failed", "cancelled"] }).notNull(),
    input: text("input", { mode: "json" }),
    progress: text("progress", { mode: "json" }).$type<{ phase?: string; current?: number; total?: number }>(),
    result: text("result", { mode: "json" }),
    error: text("error", { mode: "json" }).$type<{ code: string; message: string; details: unknown } | null>(),
    requestId: text("request_id").notNull(),
    createdAt: text("created_at").notNull(),
    startedAt: text("started_at"),
    /** refreshed by every progress write; a running operation whose heartbeat is old lost its worker */
    heartbeatAt: text("heartbeat_at"),
    completedAt: text("completed_at"),
    /** the runs that claimed it (issue #41 item 5): a run's writes stop once a later run has claimed it */
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    index("operations_company_idx").on(t.companyId, t.createdAt),
    // the minute sweep's search for stalled operations
    index("operations_status_heartbeat_idx").on(t.status, t.heartbeatAt),
  ],
);

export const sieImports = sqliteTable(
  "sie_imports",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    sha256: text("sha256").notNull(),
    fileName: text("file_name").notNull(),
    fileSizeBytes: integer("file_size_bytes").notNull(),
    r2Key: text("r2_key").notNull(),
    operationId: text("operation_id").notNull(),
    status: text("status", { enum: ["queued", "succeeded", "failed"] }).notNull(),
    updateAccountNames: bool("update_account_names").notNull(),
    /** who started it: the import's writes are audited as theirs */
    startedByKeyId: text("started_by_key_id"),
    startedByUserId: text("started_by_user_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("sie_imports_company_sha_idx").on(t.companyId, t.sha256)],
);
