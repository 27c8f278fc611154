// The audit trail: one row per successful write, written in the write's own batch.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, desc, eq } from "drizzle-orm";
import { database } from "../../db/client";
import { auditLog } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { byCreated, afterDesc, finishPage, pageRequest } from "../../http/pagination";
import { defineRoute, PageQuery, type HandlerContext } from "../../http/route";
import { handled, on, registerRoutes, routeRoom } from "../../http/route-table";
import { DOCS } from "./prose";

const TAG = "Audit trail";
const BASE = "/api/v1/companies/{companyId}/audit-trail";

const AuditEntrySchema = z
  .object({
    id: z.string(),
    action: z.string(),
    resource_type: z.string(),
    resource_id: z.string().nullable(),
    voucher_number: z.string().nullable(),
    request_id: z.string(),
    api_key_id: z.string().nullable(),
    user_id: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("AuditEntry");

function auditJson(r: typeof auditLog.$inferSelect) {
  return {
    id: r.id,
    action: r.action,
    resource_type: r.resourceType,
    resource_id: r.resourceId,
    voucher_number: r.voucher,
    request_id: r.requestId,
    api_key_id: r.apiKeyId,
    user_id: r.userId,
    created_at: r.createdAt,
  };
}

const READ = { tag: TAG, scope: "reports:read", company: true } as const;

const listAuditRoute = defineRoute({
  ...on.get(READ, BASE, DOCS.listAudit),
  query: z.object(PageQuery),
  response: z.array(AuditEntrySchema),
});

async function listAuditPage(c: HandlerContext<typeof listAuditRoute>) {
  const { cursor, limit } = c.req.valid("query");
  const companyId = c.get("company").id;
  const page = await pageRequest(c, `audit:${companyId}`, cursor, limit);
  const rows = await database(c.env)
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), afterDesc(page, auditLog.createdAt, auditLog.id)))
    .orderBy(desc(auditLog.createdAt), asc(auditLog.id))
    .limit(limit + 1)
    .all();
  const { items, nextCursor } = await finishPage(c, page, rows, byCreated);
  return json(c, items.map(auditJson), 200, { next_cursor: nextCursor });
}

const room = routeRoom(BASE, { read: READ });

const getAuditRecordRoute = room.get(DOCS.getAuditRecord, AuditEntrySchema);

async function getAuditRecord(c: HandlerContext<typeof getAuditRecordRoute>) {
  const row = await database(c.env)
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, c.get("company").id), eq(auditLog.id, c.req.valid("param").id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "audit_record", id: c.req.valid("param").id });
  return json(c, auditJson(row));
}

export function registerAuditRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(listAuditRoute, listAuditPage), handled(getAuditRecordRoute, getAuditRecord)]);
}
