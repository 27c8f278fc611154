import type { Env } from "../env";
import type { Membership } from "./access";

export type Role = "owner" | "admin" | "member" | "viewer";

export interface AuthContext {
  apiKeyId: string;
  userId: string;
  scopes: string[];
  mode: "live" | "test";
  unattendedCommitLimitOre: number | null;
}

export interface CompanyContext {
  id: string;
  role: Role;
}

/** A write route's contract: "ignored" where the route is not idempotent by contract (POST /companies). */
export interface WriteOptions {
  idempotency: "required" | "optional" | "ignored";
  dryRun: boolean;
}

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    auth: AuthContext;
    company: CompanyContext;
    /** set by defineRoute on a write route: what dispatch honours, stated once on the route */
    writeOptions: WriteOptions;
    /** set by authentication for a company path: the user's membership there, read with the key */
    access: { companyId: string; membership: Membership | null } | undefined;
  };
};
