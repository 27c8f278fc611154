import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { fileResponse } from "../../http/file-response";
import { byCreated, finishPage, pageRequest } from "../../http/pagination";
import { defineRoute, type HandlerContext } from "../../http/route";
import { claimInvoicesOf, claimJson, listClaims, loadClaim } from "./queries";
import { ClaimCreateSchema, ClaimDecisionSchema, ClaimListQuery, ClaimSchema } from "./schemas";
import { companyRoom, handled, on, registerRoutes } from "../../http/route-table";

const room = companyRoom({
  path: "/api/v1/companies/{companyId}/rot-rut/claims",
  tag: "ROT and RUT",
  read: "invoices:read",
  write: "invoices:write",
});

const createClaim = room.create("rot_rut.claim", DOCS.createClaim, ClaimCreateSchema, z.array(ClaimSchema));

const listClaimsRoute = room.list(DOCS.listClaims, ClaimListQuery, z.array(ClaimSchema));

async function listClaimsPage(c: HandlerContext<typeof listClaimsRoute>) {
  const { cursor, limit, status } = c.req.valid("query");
  const companyId = c.get("company").id;
  const db = database(c.env);
  const page = await pageRequest(c, `rot-rut-claims:${companyId}:${status ?? ""}`, cursor, limit);
  const { items, nextCursor } = await finishPage(c, page, await listClaims(db, companyId, status, page), byCreated);
  const invoices = await claimInvoicesOf(
    db,
    items.map((i) => i.id),
  );
  return json(
    c,
    items.map((r) =>
      claimJson(
        r,
        invoices.filter((i) => i.claimId === r.id),
      ),
    ),
    200,
    { next_cursor: nextCursor },
  );
}

const getClaimRoute = room.get(DOCS.getClaim, ClaimSchema);

async function getClaim(c: HandlerContext<typeof getClaimRoute>) {
  const db = database(c.env);
  const row = await loadClaim(db, c.get("company").id, c.req.valid("param").id);
  return json(c, claimJson(row, await claimInvoicesOf(db, [row.id])));
}

const claimXmlRoute = defineRoute({
  ...on.get(room.read, `${room.base}/{id}/xml`, DOCS.claimXml),
  response: null,
});

async function claimXml(c: HandlerContext<typeof claimXmlRoute>) {
  const row = await loadClaim(database(c.env), c.get("company").id, c.req.valid("param").id);
  const object = await c.env.DOCUMENTS.get(row.r2Key);
  if (!object) throw new ApiError("NOT_FOUND", { resource: "rot_rut_claim_file", id: row.id });
  return fileResponse(
    c,
    new Uint8Array(await object.arrayBuffer()),
    "application/xml",
    `begaran-${row.type}-${row.year}-${row.id}.xml`,
  );
}

const recordDecision = room.action("rot_rut.decide", "decision", DOCS.recordDecision, ClaimDecisionSchema, ClaimSchema);

export function registerRotRutRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    createClaim,
    handled(listClaimsRoute, listClaimsPage),
    handled(getClaimRoute, getClaim),
    handled(claimXmlRoute, claimXml),
    recordDecision,
  ]);
}
