import type { Env } from "../env";

import type { Role } from "../writer/request";
import type { AuthContext, Membership } from "./access";
import type { SessionDatabase } from "../db/session";
import type { WriterCheck } from "./writer-access";

export type { AuthContext, Membership };

export type { Role };

export interface CompanyContext {
  id: string;
  role: Role;
}

/** A write route's contract: "ignored" where the route is not idempotent by contract (POST /companies). */
export interface WriteOptions {
  idempotency: "required" | "optional" | "ignored";
  dryRun: boolean;
  /** the route's API-key scope, checked again by the company's writer (null: none) */
  scope: string | null;
  /** about a company the user must belong to (defineRoute's `company`) */
  company: boolean;
  /** a write: a viewer is refused */
  write: boolean;
}

/** A bookmark a request sent (src/http/read-session.ts). */
export interface AskedBookmark {
  /** null: a bookmark this service answered before it named databases */
  database: string | null;
  bookmark: string;
}

/** What a request reads at: the bookmark it sent, and the sessions it opened (the directory's first). */
export interface ReadAt {
  asked: AskedBookmark | undefined;
  sessions: { database: string; session: SessionDatabase }[];
}

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** the database sessions of this request (src/http/read-session.ts) */
    readAt: ReadAt | undefined;
    /** the dated API version this request is answered in (src/http/versions.ts), set after authentication */
    apiVersion: string | undefined;
    /** its Service-Deprecation date (the version's retirement) when within the notice, else null */
    deprecation: string | null | undefined;
    auth: AuthContext;
    company: CompanyContext;
    /** set by defineRoute on a write route: what dispatch honours, stated once on the route */
    writeOptions: WriteOptions;
    /** set by authentication for a company path: the user's membership there, read with the key */
    access: { companyId: string; membership: Membership | null } | undefined;
    /** set by authentication for a company write: its access check, closed after the handler (src/http/writer-access.ts) */
    writerCheck: WriterCheck | undefined;
    /** set by authentication when the rate limiter's count is still on its way: dispatch awaits it before writing (RATE_LIMITED) */
    rateGate: (() => Promise<void>) | undefined;
  };
};
