// Resolves a company the key's user belongs to. Anything else is answered 404 so
// that the existence of other companies is not leaked (spec: Authentication 6).
// Test keys see only sandbox companies, live keys only live ones.
import { and, eq, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { database } from "../db/client";
import { companies, memberships } from "../db/schema";
import { isUuid } from "../ids";
import { ApiError } from "../errors/api-error";
import type { AppEnv } from "./context";

/** Sets c.var.company, or throws NOT_FOUND (no access) / FORBIDDEN (a viewer writing). */
export async function enterCompany(
  c: Context<AppEnv>,
  companyId: string,
  write: boolean,
  notFound: ApiError = new ApiError("NOT_FOUND", { resource: "company", id: companyId }),
) {
  const auth = c.get("auth");
  // read with the key when the path names this company (src/http/access.ts)
  const known = c.get("access");
  const row =
    known?.companyId === companyId
      ? (known.membership ?? undefined)
      : isUuid(companyId)
        ? await database(c.env)
            .select({ role: memberships.role, isSandbox: companies.isSandbox })
            .from(memberships)
            .innerJoin(companies, eq(companies.id, memberships.companyId))
            .where(
              and(
                eq(memberships.companyId, companyId),
                eq(memberships.userId, auth.userId),
                isNull(companies.archivedAt),
              ),
            )
            .get()
        : undefined;
  if (!row || row.isSandbox !== (auth.mode === "test")) throw notFound;
  if (write && row.role === "viewer") throw new ApiError("FORBIDDEN", { role: row.role });
  c.set("company", { id: companyId, role: row.role });
}

export function companyAccess(write: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const companyId = c.req.param("companyId");
    if (!companyId) throw new ApiError("COMPANY_CONTEXT_MISSING");
    await enterCompany(c, companyId, write);
    await next();
  });
}
