// The operators' view of the databases (issue #33, docs/databases.md): which
// there are, how many companies each holds, whether each has every migration; and moves of a
// company's books from one to another (src/writer/move.ts), started here and followed here.
import { z } from "@hono/zod-openapi";
import { count } from "drizzle-orm";
import { nowIso } from "../../../clock";
import { directory, homeNames, isMigrated, ledgerNames } from "../../../db/homes";
import { companyHomes } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { companyMover, loadMove, type MoveRow } from "../../../writer/move";
import { on } from "../../../http/route-table";
import { DOCS } from "./prose";

const TAG = "Admin";
const admin = { tag: TAG, scope: null } as const;

const DatabaseSchema = z
  .object({
    name: z.string(),
    kind: z.enum(["directory", "ledger"]),
    companies: z.number().int(),
    /** new companies may be placed here (LEDGER_PLACEMENT) */
    placement_open: z.boolean(),
    migrated: z.boolean(),
  })
  .openapi("AdminDatabase");

const MoveSchema = z
  .object({
    id: z.string(),
    company_id: z.string(),
    from: z.string(),
    to: z.string(),
    status: z.enum(["queued", "copying", "verifying", "switching", "cleaning", "undoing", "succeeded", "failed"]),
    tables: z
      .array(z.object({ table: z.string(), source: z.number(), copied: z.number(), deleted: z.number().nullable() }))
      .nullable(),
    error: z.object({ step: z.string(), message: z.string() }).nullable(),
    writes_closed_ms: z.number().nullable(),
    /** invocations of the company's writer the move has taken so far, and the most D1 queries one of them made */
    steps: z.number().int(),
    max_step_queries: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi("AdminCompanyMove");

export function moveJson(m: MoveRow) {
  return {
    id: m.id,
    company_id: m.companyId,
    from: m.fromDatabase,
    to: m.toDatabase,
    status: m.status,
    tables: m.tables ?? null,
    error: m.error ?? null,
    writes_closed_ms: m.writesClosedMs,
    steps: m.progress?.steps ?? 0,
    max_step_queries: m.progress?.maxStepQueries ?? 0,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
    finished_at: m.finishedAt,
  };
}

export const listDatabasesRoute = defineRoute({
  ...on.get(admin, "/admin/v1/databases", DOCS.listDatabases),
  response: z.array(DatabaseSchema),
});

export async function listDatabases(c: HandlerContext<typeof listDatabasesRoute>) {
  const held = await directory(c.env)
    .select({ database: companyHomes.database, n: count() })
    .from(companyHomes)
    .groupBy(companyHomes.database)
    .all();
  const counts = new Map(held.map((r) => [r.database, r.n]));
  const ledgers = ledgerNames(c.env);
  const open = (c.env.LEDGER_PLACEMENT ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const rows = await Promise.all(
    homeNames(c.env).map(async (name) => ({
      name,
      kind: ledgers.includes(name) ? ("ledger" as const) : ("directory" as const),
      companies: counts.get(name) ?? 0,
      placement_open: ledgers.includes(name) && (open.length === 0 || open.includes(name)),
      migrated: await isMigrated(c.env, name),
    })),
  );
  return json(c, rows);
}

export const moveCompanyRoute = defineRoute({
  ...on.post(admin, "/admin/v1/companies/{companyId}/move", DOCS.moveCompany),
  body: z.object({ to: z.string().describe("the binding name of the target database, e.g. LEDGER_2") }),
  response: MoveSchema,
  status: 202,
});

export async function moveCompany(c: HandlerContext<typeof moveCompanyRoute>) {
  const { companyId } = c.req.valid("param");
  const { to } = c.req.valid("json");
  // the directory holds no company's books but those it had before the ledger databases: none moves there
  const ledgers = ledgerNames(c.env);
  if (!ledgers.includes(to))
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: "to", message: `one of ${ledgers.join(", ")}` }] },
      `${to} is not a ledger database bound to the service.`,
    );
  if (!(await isMigrated(c.env, to)))
    throw new ApiError("DATABASE_NOT_MIGRATED", { database: to }, `The database ${to} lacks migrations.`);
  const answer = await companyMover(c.env, companyId).requestMove(companyId, to, nowIso());
  if (answer.refused)
    throw new ApiError(
      answer.refused,
      answer.refused === "NOT_FOUND" ? { resource: "company", id: companyId } : { to },
      answer.message,
    );
  return json(c, moveJson(answer.move), 202);
}

export const getMoveRoute = defineRoute({
  ...on.get(admin, "/admin/v1/company-moves/{id}", DOCS.getMove),
  response: MoveSchema,
});

export async function getMove(c: HandlerContext<typeof getMoveRoute>) {
  const { id } = c.req.valid("param");
  const move = await loadMove(directory(c.env), id);
  if (!move) throw new ApiError("NOT_FOUND", { resource: "company_move", id });
  return json(c, moveJson(move));
}
