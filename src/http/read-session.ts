// Reads near the client: every request runs its queries in one D1 session (src/db/session.ts).
// Without a bookmark the session may be answered by any replica; with the bookmark a
// former answer carried, it reads at least that state, so a client sees its own writes.
// Every answer carries the latest bookmark: a write's from its writer's session (the
// command result), else the request's own.
import { createMiddleware } from "hono/factory";
import { laterBookmark, sessionDatabase } from "../db/session";
import { ApiError } from "../errors/api-error";
import type { AppEnv } from "./context";

export const BOOKMARK_HEADER = "X-Service-Bookmark";

export const BOOKMARK_REQUEST_NOTE =
  "Optional: the X-Service-Bookmark of an earlier answer. The request then reads at least the state that answer " +
  "left (your own writes included); without it a read may come from a database replica a moment behind.";

/** The response header, as the OpenAPI document describes it on every operation. */
export const BOOKMARK_RESPONSE_HEADER = {
  "X-Service-Bookmark": {
    description:
      "The database state this answer read or wrote (a D1 bookmark). Send it back as X-Service-Bookmark to read at least that state.",
    schema: { type: "string" as const },
  },
};

/** D1's bookmarks are hex fields joined by dashes (e.g. 0000004a-00000003-00004f5f-<32 hex>). */
const BOOKMARK = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){1,7}$/i;

function askedBookmark(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = raw.trim();
  if (value.length > 256 || !BOOKMARK.test(value))
    throw new ApiError(
      "VALIDATION_ERROR",
      { header: BOOKMARK_HEADER },
      `${BOOKMARK_HEADER} must be a bookmark this service answered (hex fields joined by dashes); send it back unchanged.`,
    );
  return value;
}

export const readSession = createMiddleware<AppEnv>(async function readInSession(c, next) {
  const asked = askedBookmark(c.req.header(BOOKMARK_HEADER));
  const session = sessionDatabase(c.env.DB, asked ?? "first-unconstrained");
  c.env = { ...c.env, DB: session.d1 };
  await next();
  const latest = laterBookmark(laterBookmark(asked, session.bookmark()), c.res.headers.get(BOOKMARK_HEADER));
  if (latest) c.header(BOOKMARK_HEADER, latest);
});
