// Reads near the client: every request runs its queries in one D1 session (src/db/session.ts).
// Without a bookmark the session may be answered by any replica; with the bookmark a
// former answer carried, it reads at least that state, so a client sees its own writes.
// Every answer carries the latest bookmark: a write's from its writer's session (the
// command result), else the request's own. Each database has its own bookmarks, so a
// bookmark names its database (docs/platform.md, "Reads near the client").
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { bindingOf, DIRECTORY, isMigrated, notMigrated } from "../db/homes";
import { laterBookmark, namedBookmark, type SessionStart, sessionDatabase } from "../db/session";
import { ApiError } from "../errors/api-error";
import type { AppEnv, AskedBookmark, ReadAt } from "./context";

export const BOOKMARK_HEADER = "X-Service-Bookmark";

export const BOOKMARK_REQUEST_NOTE =
  "Optional: the X-Service-Bookmark of an earlier answer. The request then reads at least the state that answer " +
  "left (your own writes included); without it a read may come from a database replica a moment behind.";

/** The response header, as the OpenAPI document describes it on every operation. */
export const BOOKMARK_RESPONSE_HEADER = {
  "X-Service-Bookmark": {
    description:
      "The database state this answer read or wrote: the database's name, a colon, a D1 bookmark. Send it " +
      "back unchanged as X-Service-Bookmark to read at least that state.",
    schema: { type: "string" as const },
  },
};

/**
 * A bookmark names its database: `<binding>:<D1 bookmark>` (DIRECTORY:..., LEDGER_2:...), since
 * every database keeps its own sequence (D1's are hex fields joined by dashes).
 */
const BOOKMARK = /^(?:([A-Z][A-Z0-9_]{0,31}):)?([0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7})$/i;

function askedBookmark(raw: string | undefined): AskedBookmark | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const m = raw.length <= 300 ? BOOKMARK.exec(raw.trim()) : null;
  if (!m)
    throw new ApiError(
      "VALIDATION_ERROR",
      { header: BOOKMARK_HEADER },
      `${BOOKMARK_HEADER} must be a bookmark this service answered (a database name, a colon, hex fields joined by dashes); send it back unchanged.`,
    );
  return { database: m[1]?.toUpperCase() ?? null, bookmark: m[2] };
}

/**
 * Where a session on `database` starts: from the bookmark when it is that database's; from
 * the primary when the caller sent one of another database (a company that moved, or an old
 * unnamed one: the caller has seen some state, and only the primary is sure to hold it);
 * anywhere without one.
 */
function startOn(database: string, asked: AskedBookmark | undefined): SessionStart {
  if (!asked) return "first-unconstrained";
  return asked.database === database ? asked.bookmark : "first-primary";
}

/**
 * Every request reads the directory in a session; its answer carries the bookmark of the
 * last database it entered (its company's home, else the directory), or the write's.
 */
export const readSession = createMiddleware<AppEnv>(async function readInSession(c, next) {
  const asked = askedBookmark(c.req.header(BOOKMARK_HEADER));
  const session = sessionDatabase(c.env.DIRECTORY, startOn(DIRECTORY, asked));
  const at: ReadAt = { asked, sessions: [{ database: DIRECTORY, session }] };
  c.set("readAt", at);
  c.env = { ...c.env, DIRECTORY: session.d1 };
  await next();
  const last = at.sessions[at.sessions.length - 1];
  const read = namedBookmark(last.database, last.session.bookmark());
  const sent = last.database === asked?.database ? namedBookmark(asked.database, asked.bookmark) : null;
  const latest = laterBookmark(laterBookmark(sent, read), c.res.headers.get(BOOKMARK_HEADER));
  if (latest) c.header(BOOKMARK_HEADER, latest);
});

/**
 * Enters a company's home for the rest of the request: c.env.DB is it, in a session that
 * starts as the caller's bookmark asks. Refused (503) while the home lags behind this code's
 * migrations.
 */
export async function enterHome(c: Context<AppEnv>, home: string): Promise<void> {
  if (!(await isMigrated(c.env, home))) throw notMigrated(home);
  const at = c.get("readAt");
  const session = sessionDatabase(bindingOf(c.env, home), startOn(home, at?.asked));
  at?.sessions.push({ database: home, session });
  c.env = { ...c.env, DB: session.d1 };
}
