import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { byCreated, finishPage, pageRequest } from "../../http/pagination";
import type { HandlerContext } from "../../http/route";
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
import { commandRoute, companyRoom, handled, on, registerRoutes } from "../../http/route-table";

const room = companyRoom({
  path: "/api/v1/companies/{companyId}/journal-entries",
  tag: "Journal entries",
  read: "reports:read",
  write: "bookkeeping:write",
});

const listEntriesRoute = room.list(DOCS.listEntries, ListQuerySchema, z.array(EntrySchema));

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
  const { items, nextCursor } = await finishPage(c, page, await listEntries(db, companyId, q, page), byCreated);
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

const getEntryRoute = room.get(DOCS.getEntry, EntryDetailSchema);

async function getEntry(c: HandlerContext<typeof getEntryRoute>) {
  return json(c, await entryDetail(database(c.env), c.get("company").id, c.req.valid("param").id));
}

const createDraft = room.create("journal_entries.create", DOCS.createDraft, EntryCreateSchema, EntrySchema);

const batchCreateDrafts = commandRoute("journal_entries.batch_create", "body", {
  ...on.post(room.write, `${room.base}/batch-create`, DOCS.batchCreateDrafts),
  body: BatchCreateSchema,
  response: BatchResultSchema,
});

const commitDraft = room.action("journal_entries.commit", "commit", DOCS.commitDraft, null, CommitResultSchema);

const cancelDraft = room.action("journal_entries.cancel", "cancel", DOCS.cancelDraft, null, EntrySchema);

const reverseEntry = commandRoute("journal_entries.reverse", "body+id", {
  ...on.post(room.write, `${room.base}/{id}/reverse`, DOCS.reverseEntry),
  body: ReverseSchema,
  bodyRequired: false,
  response: ReverseResultSchema,
  status: 201,
});

const correctEntry = commandRoute("journal_entries.correct", "body+id", {
  ...on.post(room.write, `${room.base}/{id}/correct`, DOCS.correctEntry),
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
