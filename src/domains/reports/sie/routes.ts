// The SIE 4 export of a fiscal period, as a CP437 file.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { nowIso } from "../../../clock";
import type { AppEnv } from "../../../http/context";
import { fileResponse } from "../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { SieExportQuery } from "../schemas";
import { exportSie } from "../sie-export";
import { periodScope, READ, REPORTS } from "../common";
import { handled, on, registerRoutes } from "../../../http/route-table";

const sieExportRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/sie-export`, DOCS.sieExport),
  query: SieExportQuery,
  response: null,
});

async function sieExportFile(c: HandlerContext<typeof sieExportRoute>) {
  const q = c.req.valid("query");
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const { bytes, fileName } = await exportSie(db, companyId, period, c.env.SERVICE_VERSION, nowIso(), q.budget_id);
  return fileResponse(c, bytes, "text/plain; charset=IBM437", fileName);
}

export function registerSieExportRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(sieExportRoute, sieExportFile)]);
}
