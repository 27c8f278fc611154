// The AGI (arbetsgivardeklaration på individnivå) of a booked run: generate, read,
// record the submission reference.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { fileResponse } from "../../../http/file-response";
import { CompanyItemParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { read, RUNS, write } from "../route-common";
import { loadRun } from "../runs/queries";
import { agiJson, loadAgi, storedAgiXml } from "./queries";
import { AgiGenerateSchema, AgiPatchSchema, AgiSchema } from "./schemas";

const generateAgiRoute = defineRoute({
  ...write,
  dryRun: false,
  method: "post",
  path: `${RUNS}/{id}/generate-agi`,
  summary: "Generate the AGI XML of a booked run (not submitted)",
  description: PROSE.generateAgi,
  params: CompanyItemParams,
  body: AgiGenerateSchema,
  bodyRequired: false,
  response: AgiSchema,
});

async function generateAgi(c: HandlerContext<typeof generateAgiRoute>) {
  return dispatch(c, "payroll.generate_agi", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const getAgiRoute = defineRoute({
  ...read,
  method: "get",
  path: `${RUNS}/{id}/agi`,
  summary: "The stored AGI of a run, with its XML",
  description: "404 NOT_FOUND until generate-agi. ?format=xml answers the file itself (application/xml, attachment).",
  params: CompanyItemParams,
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

const recordAgiSubmissionRoute = defineRoute({
  ...write,
  idempotency: "optional",
  method: "patch",
  path: `${RUNS}/{id}/agi`,
  summary: "Record the submission reference of the AGI",
  description: PROSE.recordAgiSubmission,
  params: CompanyItemParams,
  body: AgiPatchSchema,
  response: AgiSchema,
});

async function recordAgiSubmission(c: HandlerContext<typeof recordAgiSubmissionRoute>) {
  return dispatch(c, "payroll.record_agi_submission", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

export function registerAgiRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(generateAgiRoute, generateAgi);
  app.openapi(getAgiRoute, getAgi);
  app.openapi(recordAgiSubmissionRoute, recordAgiSubmission);
}
