import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { nowIso } from "../../clock";
import { database } from "../../db/client";
import { directory, placeCompany } from "../../db/homes";
import { companies, memberships } from "../../db/schema";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { afterDesc, finishPage, pageRequest } from "../../http/pagination";
import { defineRoute, PageQuery, type HandlerContext } from "../../http/route";
import { newId } from "../../ids";
import { registerMemberRoutes } from "./members/routes";
import { companyJson, enterDirectory, loadCompany, settingsJson } from "./commands";
import {
  CompanyCreatedSchema,
  CompanyCreateSchema,
  CompanyDetailSchema,
  CompanySchema,
  SettingsPatchSchema,
  SettingsSchema,
} from "./schemas";
import { commandRoute, handled, on, registerRoutes } from "../../http/route-table";

const TAG = "Companies";

const USER_READ = { tag: TAG, scope: "companies:read" } as const;

const listCompaniesRoute = defineRoute({
  ...on.get(USER_READ, "/api/v1/companies", DOCS.listCompanies),
  query: z.object(PageQuery),
  response: z.array(CompanySchema),
});

async function listCompanies(c: HandlerContext<typeof listCompaniesRoute>) {
  const { cursor, limit } = c.req.valid("query");
  const auth = c.get("auth");
  const page = await pageRequest(c, `companies:${auth.userId}:${auth.mode}`, cursor, limit);
  const rows = await directory(c.env)
    .select({ company: companies, role: memberships.role })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(memberships.userId, auth.userId),
        isNull(companies.archivedAt),
        eq(companies.isSandbox, auth.mode === "test"),
        // an OAuth access token lists only the companies of its grant
        auth.companyIds ? inArray(companies.id, auth.companyIds) : undefined,
        afterDesc(page, companies.createdAt, companies.id),
      ),
    )
    .orderBy(desc(companies.createdAt), asc(companies.id))
    .limit(limit + 1)
    .all();
  const { items, nextCursor } = await finishPage(c, page, rows, (r) => ({
    k: r.company.createdAt,
    i: r.company.id,
  }));
  return json(
    c,
    items.map((r) => companyJson(r.company, r.role)),
    200,
    { next_cursor: nextCursor },
  );
}

const USER_WRITE = { tag: TAG, scope: "companies:write", dryRun: true } as const;

const createCompanyRoute = defineRoute({
  ...on.post(USER_WRITE, "/api/v1/companies", DOCS.createCompany),
  body: CompanyCreateSchema,
  response: CompanyCreatedSchema,
  status: 201,
});

async function createCompany(c: HandlerContext<typeof createCompanyRoute>) {
  const id = newId();
  c.set("company", { id, role: "owner" });
  const input = { ...c.req.valid("json"), sandbox: c.get("auth").mode === "test" };
  const placement = await placeCompany(c.env);
  return dispatch(c, "companies.create", input, {
    placement,
    committed: () => enterDirectory(c.env, id, placement, c.get("auth").userId, nowIso()),
  });
}

const READ = { tag: TAG, scope: "companies:read", company: true } as const;

const getCompanyRoute = defineRoute({
  ...on.get(READ, "/api/v1/companies/{companyId}", DOCS.getCompany),
  response: CompanyDetailSchema,
});

async function getCompany(c: HandlerContext<typeof getCompanyRoute>) {
  const row = await loadCompany(database(c.env), c.get("company").id);
  return json(c, {
    ...companyJson(row.companies, c.get("company").role),
    settings: settingsJson(row.company_settings, row.companies),
  });
}

const WRITE = { tag: TAG, scope: "companies:write", company: true, idempotency: "optional", dryRun: true } as const;

const updateCompanySettings = commandRoute("companies.update_settings", "body", {
  ...on.patch(WRITE, "/api/v1/companies/{companyId}/settings", DOCS.updateCompanySettings),
  body: SettingsPatchSchema,
  response: SettingsSchema,
});

export function registerCompanyRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listCompaniesRoute, listCompanies),
    handled(createCompanyRoute, createCompany),
    handled(getCompanyRoute, getCompany),
    updateCompanySettings,
  ]);
  registerMemberRoutes(app);
}
