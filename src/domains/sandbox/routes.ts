// Sandbox companies for test keys (spec: Authentication 2): a seeded sandbox on request, and
// a reset that replaces a sandbox with a freshly seeded one. Only a test key may ask; a test
// key sees only sandbox companies (src/http/access.ts), so neither route can reach live data.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import type { Context } from "hono";
import { nowIso } from "../../clock";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { json, requestVersion } from "../../http/envelope";
import { defineRoute, type HandlerContext } from "../../http/route";
import { archiveSandboxCompany, CompanyCreatedSchema } from "../companies";
import { seedSandboxCompany } from "./seed";
import { handled, on, registerRoutes } from "../../http/route-table";

const TAG = "Sandbox";

const SeededSchema = z.object({
  company: CompanyCreatedSchema,
  replaced_company_id: z.string().nullable(),
  seeded: z.object({
    customers: z.number(),
    suppliers: z.number(),
    invoices: z.number(),
    supplier_invoices: z.number(),
    bank_transactions: z.number(),
  }),
});

/** A live key is refused: the sandbox is test data, and a live key's companies are real books. */
function requireTestKey(c: Context<AppEnv>): void {
  if (c.get("auth").mode !== "test")
    throw new ApiError(
      "FORBIDDEN",
      { reason: "sandbox_requires_test_key", key_mode: "live" },
      "Sandbox companies are made and reset only with a test key (service_sk_test_...).",
    ).withTexts({
      sv: "Sandlådeföretag skapas och återställs bara med en testnyckel (service_sk_test_...).",
      hint: "Use a test key; a live key acts on real books, which are never seeded or reset.",
    });
}

/** Seeds a new sandbox company for the key's user; a seed that stops half-way is archived, never left behind. */
async function seedFor(c: Context<AppEnv>) {
  const auth = c.get("auth");
  return seedSandboxCompany(
    c.env,
    { apiKeyId: auth.apiKeyId, userId: auth.userId },
    c.get("requestId"),
    requestVersion(c),
  );
}

const USER_WRITE = { tag: TAG, scope: "companies:write" } as const;

const createSandboxRoute = defineRoute({
  ...on.post(USER_WRITE, "/api/v1/sandbox/companies", DOCS.createSandbox),
  response: SeededSchema,
  status: 201,
});

async function createSandbox(c: HandlerContext<typeof createSandboxRoute>) {
  requireTestKey(c);
  const { company, seeded } = await seedFor(c);
  return json(c, { company, replaced_company_id: null, seeded }, 201);
}

const WRITE = { tag: TAG, scope: "companies:write", company: true } as const;

const resetSandboxRoute = defineRoute({
  ...on.post(WRITE, "/api/v1/companies/{companyId}/sandbox/reset", DOCS.resetSandbox),
  response: SeededSchema,
  status: 201,
});

async function resetSandbox(c: HandlerContext<typeof resetSandboxRoute>) {
  requireTestKey(c);
  const { id, role } = c.get("company");
  if (role !== "owner")
    throw new ApiError("FORBIDDEN", { role, required_role: "owner" }, "Only the sandbox's owner may reset it.");
  const { company, seeded } = await seedFor(c);
  // defence in depth: archiving touches only a sandbox company, whatever the gate let through
  if (!(await archiveSandboxCompany(c.env, id, nowIso()))) {
    await archiveSandboxCompany(c.env, company.id, nowIso());
    throw new ApiError("CONFLICT", { company_id: id, reason: "not_a_sandbox" }, "Only a sandbox company can be reset.");
  }
  return json(c, { company, replaced_company_id: id, seeded }, 201);
}

export function registerSandboxRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(createSandboxRoute, createSandbox), handled(resetSandboxRoute, resetSandbox)]);
}
