// The route's half of the one access gate (authentication is the other: src/http/auth.ts).
// What a route demands (its scope; a company the user must belong to; whether it writes)
// is checked against what authentication read with the key, by the one function that
// refuses (accessRefusal in src/http/access.ts), in the spec's order: 401 no key, 403
// the scope, 404 not a member (or the other mode's company: the existence of other
// companies is not leaked, spec: Authentication 6), 403 a viewer writing. The company's
// writer applies the same function before a command.
import { and, eq, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { directory, homeOf } from "../db/homes";
import { companies, companyHomes, memberships } from "../db/schema";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";
import type { AccessDemand } from "../writer/request";
import { accessRefusal } from "./access";
import { enterHome } from "./read-session";
import type { AppEnv, AuthContext, Membership } from "./context";

/** The key of this request and its user's membership in a company. */
interface KeyAccess {
  key: AuthContext;
  membership: Membership | null;
}

/** The key's access to `companyId`: read with the key when the path names it, else read now. */
async function accessTo(c: Context<AppEnv>, companyId: string): Promise<KeyAccess> {
  const auth = c.get("auth");
  const key = auth;
  const known = c.get("access");
  if (known?.companyId === companyId) return { key, membership: known.membership };
  const membership: Membership | undefined = isUuid(companyId)
    ? await directory(c.env)
        .select({ role: memberships.role, isSandbox: companies.isSandbox, home: companyHomes.database })
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .innerJoin(companyHomes, eq(companyHomes.companyId, companies.id))
        .where(
          and(eq(memberships.companyId, companyId), eq(memberships.userId, auth.userId), isNull(companies.archivedAt)),
        )
        .get()
    : undefined;
  return { key, membership: membership ?? null };
}

/**
 * Enters the company for this request (c.var.company, and its home as c.env.DB), or throws the gate's refusal; a
 * caller that found the company through another resource (an operation, a delivery) may
 * answer that resource's own 404 instead of the company's.
 */
export async function enterCompany(
  c: Context<AppEnv>,
  companyId: string,
  demand: Omit<AccessDemand, "company">,
  notFound?: ApiError,
): Promise<void> {
  const access = await accessTo(c, companyId);
  const refusal = accessRefusal(access, companyId, { ...demand, company: true });
  if (refusal) throw notFound && refusal.code === "NOT_FOUND" ? notFound : refusal;
  c.set("company", { id: companyId, role: access.membership!.role });
  await enterHome(c, access.membership!.home);
}

/**
 * Enters the home of a company a request is authorised for by other means than a key (a
 * signed download URL, whose signature names the company): no membership is asked.
 */
export async function enterCompanyHome(c: Context<AppEnv>, companyId: string): Promise<void> {
  const home = isUuid(companyId) ? await homeOf(directory(c.env), companyId) : null;
  if (!home) throw new ApiError("NOT_FOUND", { resource: "company", id: companyId });
  await enterHome(c, home);
}

/** The gate of a route that declared its demand (defineRoute). */
export function routeGate(demand: AccessDemand) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!demand.company) {
      const refusal = accessRefusal({ key: c.get("auth"), membership: null }, "", demand);
      if (refusal) throw refusal;
      return next();
    }
    const companyId = c.req.param("companyId");
    if (!companyId) throw new ApiError("COMPANY_CONTEXT_MISSING");
    await enterCompany(c, companyId, demand);
    await next();
  });
}
