// Who asks a company's writer to write, and what the route demands of the access: sent
// by the Worker with every command, and verified again by the writer.

export type Role = "owner" | "admin" | "member" | "viewer";

/** What a route demands of the access: its scope, whether it is about a company the user must belong to, whether it writes. */
export interface AccessDemand {
  scope: string | null;
  company: boolean;
  write: boolean;
}

/** Who asks, for which company, when: sent by the Worker to the company's writer. */
export interface RequestContext {
  companyId: string;
  requestId: string;
  apiKeyId: string;
  userId: string;
  role: Role;
  unattendedCommitLimitOre: number | null;
  dryRun: boolean;
  /** ISO timestamp taken once per command, so every row of a write shares it */
  now: string;
  apiVersion: string;
}
