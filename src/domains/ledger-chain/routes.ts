// The verifiable ledger's routes: verify, the chain's records, a year's seal and its sidecar
// (the file the offline verifier reads beside the SIE export), the public keys, the backfill. Parse and render only.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { fileResponse } from "../../http/file-response";
import { defineRoute, type HandlerContext } from "../../http/route";
import { DOCS } from "./prose";
import { companyHeading } from "../companies";
import { chainPage, publicKeySet, sealOf, sidecarStream, verifyPage } from "./queries";
import {
  BackfillSchema,
  ChainPageSchema,
  ChainQuery,
  KeysSchema,
  SealSchema,
  VerifyQuery,
  VerifySchema,
} from "./schemas";
import { commandRoute, handled, on, registerRoutes } from "../../http/route-table";

const TAG = "Verifiable ledger";
const BASE = "/api/v1/companies/{companyId}/ledger";
const READ = { tag: TAG, scope: "reports:read", company: true } as const;

const verifyRoute = defineRoute({
  ...on.get(READ, `${BASE}/verify`, DOCS.verify),
  query: VerifyQuery,
  response: VerifySchema,
});

async function verifyChain(c: HandlerContext<typeof verifyRoute>) {
  const { after_seq, limit } = c.req.valid("query");
  return json(c, await verifyPage(database(c.env), c.get("company").id, after_seq, limit));
}

const chainRoute = defineRoute({
  ...on.get(READ, `${BASE}/chain`, DOCS.chain),
  query: ChainQuery,
  response: ChainPageSchema,
});

async function getChain(c: HandlerContext<typeof chainRoute>) {
  const q = c.req.valid("query");
  return json(c, await chainPage(database(c.env), c.get("company").id, q.after_seq, q.through_seq ?? null, q.limit));
}

const sealRoute = defineRoute({
  ...on.get(READ, "/api/v1/companies/{companyId}/fiscal-periods/{id}/seal", DOCS.seal),
  response: SealSchema,
});

async function getSeal(c: HandlerContext<typeof sealRoute>) {
  const { id } = c.req.valid("param");
  return json(c, await sealOf(database(c.env), c.get("company").id, id));
}

const sidecarRoute = defineRoute({
  ...on.get(READ, "/api/v1/companies/{companyId}/fiscal-periods/{id}/ledger-sidecar", DOCS.sidecar),
  response: null,
});

async function getSidecar(c: HandlerContext<typeof sidecarRoute>) {
  const { id } = c.req.valid("param");
  const db = database(c.env);
  const companyId = c.get("company").id;
  const [seal, company] = await Promise.all([sealOf(db, companyId, id), companyHeading(db, companyId)]);
  // named after the year's SIE file (SIE4_<org.nr>_<year>.se), the two travel together
  const fileName = `SIE4_${(company.orgNumber ?? "foretag").replace(/\D/g, "")}_${seal.period_end.slice(0, 4)}.chain.json`;
  return fileResponse(c, sidecarStream(db, companyId, seal), "application/json", fileName);
}

const WRITE = {
  tag: TAG,
  scope: "bookkeeping:write",
  company: true,
  write: true,
  idempotency: "optional",
  dryRun: true,
} as const;

const backfillChain = commandRoute("ledger.chain_backfill", "none", {
  ...on.post(WRITE, `${BASE}/chain-backfill`, DOCS.backfillChain),
  response: BackfillSchema,
});

const PUBLIC = { tag: TAG, scope: null } as const;

const keysRoute = defineRoute({
  ...on.get(PUBLIC, "/.well-known/ledger-keys.json", DOCS.keys),
  response: KeysSchema,
});

async function ledgerKeys(c: HandlerContext<typeof keysRoute>) {
  return json(c, publicKeySet(c.env));
}

export function registerLedgerChainRoutes(app: OpenAPIHono<AppEnv>): void {
  registerRoutes(app, [
    handled(verifyRoute, verifyChain),
    handled(chainRoute, getChain),
    handled(sealRoute, getSeal),
    handled(sidecarRoute, getSidecar),
    backfillChain,
    handled(keysRoute, ledgerKeys),
  ]);
}
