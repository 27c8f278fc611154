// Who asks a company's writer to write, and what the route demands of the access: sent
// by the Worker with every command, and verified again by the writer.

import type { KeyStaging } from "../db/tables/identity";

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
  /** the writes the key stages for a person instead of committing (docs/approvals.md); absent: none */
  staging?: KeyStaging | null;
  dryRun: boolean;
  /** ISO timestamp taken once per command, so every row of a write shares it */
  now: string;
  apiVersion: string;
}
