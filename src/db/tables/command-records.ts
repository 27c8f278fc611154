// What the command runner keeps beside a write: idempotency records, the audit log, the outbox.
// Money is integer öre (columns named *_ore); never REAL.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const idempotencyRecords = sqliteTable(
  "idempotency_records",
  {
    apiKeyId: text("api_key_id").notNull(),
    companyId: text("company_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    bodyHash: text("body_hash").notNull(),
    statusCode: integer("status_code").notNull(),
    result: text("result", { mode: "json" }).notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.companyId, t.idempotencyKey] }),
    index("idempotency_expires_idx").on(t.expiresAt),
  ],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    requestId: text("request_id").notNull(),
    apiKeyId: text("api_key_id"),
    userId: text("user_id"),
    action: text("action").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id"),
    voucher: text("voucher"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("audit_log_company_created_idx").on(t.companyId, t.createdAt, t.id)],
);

export const outboxEvents = sqliteTable(
  "outbox_events",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    type: text("type").notNull(),
    apiVersion: text("api_version").notNull(),
    created: integer("created").notNull(),
    object: text("object", { mode: "json" }).notNull(),
    previousAttributes: text("previous_attributes", { mode: "json" }),
    requestId: text("request_id").notNull(),
    dispatchedAt: text("dispatched_at"),
  },
  // The retention sweep's order (src/commands/outbox-retention.ts): the oldest events first,
  // a range of this index. No read lists a company's events, so no (company, created) index.
  (t) => [index("outbox_created_idx").on(t.created)],
);
