import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { finishPage, pageRequest } from "../../http/pagination";
import { CompanyParams, CompanyItemParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import { entryDetail, entryJson, linesOf, listEntries } from "./queries";
import {
  BatchCreateSchema,
  BatchResultSchema,
  CommitResultSchema,
  CorrectResultSchema,
  CorrectSchema,
  EntryCreateSchema,
  EntryDetailSchema,
  EntrySchema,
  ListQuerySchema,
  ReverseResultSchema,
  ReverseSchema,
} from "./schemas";
import { commandRoute, roomAccess } from "../../http/command-route";

const TAG = "Journal entries";
const BASE = "/api/v1/companies/{companyId}/journal-entries";
const { read, write } = roomAccess(TAG, "reports:read", "bookkeeping:write");

const listEntriesRoute = defineRoute({
  ...read,
  method: "get",
  path: BASE,
  summary: "List journal entries with their lines",
  description: "Newest registration first. Cancelled drafts are listed only with status=cancelled.",
  params: CompanyParams,
  query: ListQuerySchema,
  response: z.array(EntrySchema),
});

async function listEntriesPage(c: HandlerContext<typeof listEntriesRoute>) {
  const q = c.req.valid("query");
  const companyId = c.get("company").id;
  const db = database(c.env);
  const page = await pageRequest(
    c,
    `journal-entries:${companyId}:${JSON.stringify({ ...q, cursor: undefined, limit: undefined })}`,
    q.cursor,
    q.limit,
  );
  const { items, nextCursor } = await finishPage(c, page, await listEntries(db, companyId, q, page), (e) => ({
    k: e.createdAt,
    i: e.id,
  }));
  const lines = await linesOf(
    db,
    items.map((e) => e.id),
  );
  return json(
    c,
    items.map((e) => entryJson(e, lines.get(e.id) ?? [])),
    200,
    { next_cursor: nextCursor },
  );
}

const getEntryRoute = defineRoute({
  ...read,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get a journal entry with its lines and storno chain",
  params: CompanyItemParams,
  response: EntryDetailSchema,
});

async function getEntry(c: HandlerContext<typeof getEntryRoute>) {
  return json(c, await entryDetail(database(c.env), c.get("company").id, c.req.valid("param").id));
}

const createDraft = commandRoute("journal_entries.create", "body", {
  ...write,
  method: "post",
  path: BASE,
  summary: "Create a draft journal entry",
  description: PROSE.createDraftDescription,
  params: CompanyParams,
  body: EntryCreateSchema,
  response: EntrySchema,
  status: 201,
});

const batchCreateDrafts = commandRoute("journal_entries.batch_create", "body", {
  ...write,
  method: "post",
  path: `${BASE}/batch-create`,
  summary: "Create up to 50 draft entries; each succeeds or fails on its own",
  params: CompanyParams,
  body: BatchCreateSchema,
  response: BatchResultSchema,
});

const commitDraft = commandRoute("journal_entries.commit", "id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/commit`,
  summary: "Post a draft: allocate its voucher number",
  description: PROSE.commitDraftDescription,
  params: CompanyItemParams,
  response: CommitResultSchema,
});

const cancelDraft = commandRoute("journal_entries.cancel", "id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/cancel`,
  summary: "Cancel a draft (no voucher number is consumed)",
  params: CompanyItemParams,
  response: EntrySchema,
});

const reverseEntry = commandRoute("journal_entries.reverse", "body+id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/reverse`,
  summary: "Reverse a posted entry with a storno entry",
  description: PROSE.reverseEntryDescription,
  params: CompanyItemParams,
  body: ReverseSchema,
  bodyRequired: false,
  response: ReverseResultSchema,
  status: 201,
});

const correctEntry = commandRoute("journal_entries.correct", "body+id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/correct`,
  summary: "Correct a posted entry: storno plus a corrected entry",
  description: PROSE.correctEntryDescription,
  params: CompanyItemParams,
  body: CorrectSchema,
  response: CorrectResultSchema,
  status: 201,
});

export function registerJournalEntryRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listEntriesRoute, listEntriesPage);
  app.openapi(getEntryRoute, getEntry);
  app.openapi(createDraft.route, createDraft.handler);
  app.openapi(batchCreateDrafts.route, batchCreateDrafts.handler);
  app.openapi(commitDraft.route, commitDraft.handler);
  app.openapi(cancelDraft.route, cancelDraft.handler);
  app.openapi(reverseEntry.route, reverseEntry.handler);
  app.openapi(correctEntry.route, correctEntry.handler);
}
