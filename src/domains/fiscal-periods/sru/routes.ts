// The income-tax return's files (issue #31): GET .../fiscal-periods/{id}/sru answers
// Skatteverket's INFO.SRU and BLANKETTER.SRU for the year, INK2 + INK2R + INK2S of an
// aktiebolag (from the books and the stored tax calculation) or NE of a sole trader (from
// the NE figures), zipped together or each alone. The format and fields: src/sweden/sru/.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { zipSync } from "fflate";
import { nowIso, todayUtc } from "../../../clock";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { fileResponse } from "../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { FORMS_FILE, INFO_FILE, blanketterSru, infoSru, sruBytes } from "../../../sweden/sru/files";
import { TAG } from "../common";
import { loadPeriod } from "../periods/commands";

import { PROGRAM, type SruCompanyOf, formsOf, senderOf } from "./queries";
import { handled, on, registerRoutes } from "../../../http/route-table";

const SruQuery = z
  .object({
    file: z.enum([INFO_FILE, FORMS_FILE]).optional().openapi({
      description: "one file alone, as text/plain in ISO-8859-1; absent: both in one zip",
    }),
    format: z.literal("zip").optional().openapi({ description: "zip (the default): INFO.SRU and BLANKETTER.SRU" }),
  })
  .strict();

const READ = { tag: TAG, scope: "reports:read", company: true } as const;

const getSruRoute = defineRoute({
  ...on.get(READ, "/api/v1/companies/{companyId}/fiscal-periods/{id}/sru", DOCS.getSru),
  query: SruQuery,
  response: null,
});

const TEXT = "text/plain; charset=ISO-8859-1";

const UNMAPPED_HEADER = "SRU-Unmapped-Accounts";

function getSruWith(companyOf: SruCompanyOf) {
  return async function getSru(c: HandlerContext<typeof getSruRoute>) {
    const db = database(c.env);
    const companyId = c.get("company").id;
    const query = c.req.valid("query");
    const [period, company] = await Promise.all([
      loadPeriod(db, companyId, c.req.valid("param").id),
      companyOf(db, companyId),
    ]);
    const sender = senderOf(company, todayUtc());
    const { forms, unmapped } = await formsOf(db, companyId, period, company);
    const createdAt = nowIso();
    const files = {
      [INFO_FILE]: sruBytes(infoSru(sender, createdAt, PROGRAM)),
      [FORMS_FILE]: sruBytes(blanketterSru(sender, forms, createdAt)),
    };
    // the file name carries no identity: a sole trader's is a personnummer
    const res = query.file
      ? fileResponse(c, files[query.file], TEXT, query.file)
      : fileResponse(c, zipSync(files), "application/zip", `sru-${period.periodEnd}.zip`);
    // accounts with a balance that no field takes are named, so the files are not taken as whole unread
    if (unmapped.length) res.headers.set(UNMAPPED_HEADER, unmapped.join(","));
    return res;
  };
}

export function registerSruRoutes(app: OpenAPIHono<AppEnv>, companyOf: SruCompanyOf) {
  registerRoutes(app, [handled(getSruRoute, getSruWith(companyOf))]);
}
