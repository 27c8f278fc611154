// The AGI (arbetsgivardeklaration på individnivå) of a booked run: generate, read,
// record the submission reference.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { fileResponse } from "../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { read, RUNS, write } from "../route-common";
import { loadRun } from "../runs/queries";
import { agiJson, loadAgi, storedAgiXml } from "./queries";
import { AgiGenerateSchema, AgiPatchSchema, AgiSchema } from "./schemas";
import { commandRoute, handled, on, registerRoutes } from "../../../http/route-table";

const generateAgi = commandRoute("payroll.generate_agi", "body+id", {
  ...on.post(write, `${RUNS}/{id}/generate-agi`, DOCS.generateAgi),
  dryRun: false,
  body: AgiGenerateSchema,
  bodyRequired: false,
  response: AgiSchema,
});

const getAgiRoute = defineRoute({
  ...on.get(read, `${RUNS}/{id}/agi`, DOCS.getAgi),
  query: z.object({ format: z.enum(["json", "xml"]).default("json") }).strict(),
  response: AgiSchema,
});

async function getAgi(c: HandlerContext<typeof getAgiRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const run = await loadRun(db, companyId, c.req.valid("param").id);
  const agi = await loadAgi(db, companyId, run.id);
  const xml = await storedAgiXml(c.env, agi);
  if (c.req.valid("query").format === "xml") {
    return fileResponse(
      c,
      new TextEncoder().encode(xml),
      "application/xml",
      `agi-${agi.periodYear}${String(agi.periodMonth).padStart(2, "0")}.xml`,
    );
  }
  return json(c, agiJson(agi, xml));
}

const recordAgiSubmission = commandRoute("payroll.record_agi_submission", "body+id", {
  ...on.patch(write, `${RUNS}/{id}/agi`, DOCS.recordAgiSubmission),
  idempotency: "optional",
  body: AgiPatchSchema,
  response: AgiSchema,
});

export function registerAgiRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [generateAgi, handled(getAgiRoute, getAgi), recordAgiSubmission]);
}
