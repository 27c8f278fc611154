import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { finishPage, pageRequest } from "../../http/pagination";
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
import { commandRoute, handled, on, registerRoutes, roomAccess } from "../../http/route-table";

const TAG = "Journal entries";
const BASE = "/api/v1/companies/{companyId}/journal-entries";
const { read, write } = roomAccess(TAG, "reports:read", "bookkeeping:write");

const listEntriesRoute = defineRoute({
  ...on.get(read, BASE, DOCS.listEntries),
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
  ...on.get(read, `${BASE}/{id}`, DOCS.getEntry),
  response: EntryDetailSchema,
});

async function getEntry(c: HandlerContext<typeof getEntryRoute>) {
  return json(c, await entryDetail(database(c.env), c.get("company").id, c.req.valid("param").id));
}

const createDraft = commandRoute("journal_entries.create", "body", {
  ...on.post(write, BASE, DOCS.createDraft),
  body: EntryCreateSchema,
  response: EntrySchema,
  status: 201,
});

const batchCreateDrafts = commandRoute("journal_entries.batch_create", "body", {
  ...on.post(write, `${BASE}/batch-create`, DOCS.batchCreateDrafts),
  body: BatchCreateSchema,
  response: BatchResultSchema,
});

const commitDraft = commandRoute("journal_entries.commit", "id", {
  ...on.post(write, `${BASE}/{id}/commit`, DOCS.commitDraft),
  response: CommitResultSchema,
});

const cancelDraft = commandRoute("journal_entries.cancel", "id", {
  ...on.post(write, `${BASE}/{id}/cancel`, DOCS.cancelDraft),
  response: EntrySchema,
});

const reverseEntry = commandRoute("journal_entries.reverse", "body+id", {
  ...on.post(write, `${BASE}/{id}/reverse`, DOCS.reverseEntry),
  body: ReverseSchema,
  bodyRequired: false,
  response: ReverseResultSchema,
  status: 201,
});

const correctEntry = commandRoute("journal_entries.correct", "body+id", {
  ...on.post(write, `${BASE}/{id}/correct`, DOCS.correctEntry),
  body: CorrectSchema,
  response: CorrectResultSchema,
  status: 201,
});

export function registerJournalEntryRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listEntriesRoute, listEntriesPage),
    handled(getEntryRoute, getEntry),
    createDraft,
    batchCreateDrafts,
    commitDraft,
    cancelDraft,
    reverseEntry,
    correctEntry,
  ]);
}
