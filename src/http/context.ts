import type { Env } from "../env";

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

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    auth: AuthContext;
    company: CompanyContext;
  };
};
