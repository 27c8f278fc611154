// The verifiable ledger's routes: verify, the chain's records, a year's seal and its sidecar
// (the file the offline verifier reads beside the SIE export), the public keys, the backfill. Parse and render only.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { fileResponse } from "../../http/file-response";
import { CompanyItemParams, CompanyParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import { PROSE } from "./prose";
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

const TAG = "Verifiable ledger";
const BASE = "/api/v1/companies/{companyId}/ledger";
const READ = { tag: TAG, scope: "reports:read", company: true } as const;

const verifyRoute = defineRoute({
  ...READ,
  method: "get",
  path: `${BASE}/verify`,
  summary: "Verify the company's chain of posted entries (paged) and name the first entry that does not match",
  description: PROSE.verify,
  params: CompanyParams,
  query: VerifyQuery,
  response: VerifySchema,
});

async function verifyChain(c: HandlerContext<typeof verifyRoute>) {
  const { after_seq, limit } = c.req.valid("query");
  return json(c, await verifyPage(database(c.env), c.get("company").id, after_seq, limit));
}

const chainRoute = defineRoute({
  ...READ,
  method: "get",
  path: `${BASE}/chain`,
  summary: "The chain's records with their entries in canonical form (the export's JSON sidecar)",
  description: PROSE.chain,
  params: CompanyParams,
  query: ChainQuery,
  response: ChainPageSchema,
});

async function getChain(c: HandlerContext<typeof chainRoute>) {
  const q = c.req.valid("query");
  return json(c, await chainPage(database(c.env), c.get("company").id, q.after_seq, q.through_seq ?? null, q.limit));
}

const sealRoute = defineRoute({
  ...READ,
  method: "get",
  path: "/api/v1/companies/{companyId}/fiscal-periods/{id}/seal",
  summary: "The seal of a closed fiscal year: the chain's head, the year's counts and totals, signed",
  description: PROSE.seal,
  params: CompanyItemParams,
  response: SealSchema,
});

async function getSeal(c: HandlerContext<typeof sealRoute>) {
  const { id } = c.req.valid("param");
  return json(c, await sealOf(database(c.env), c.get("company").id, id));
}

const sidecarRoute = defineRoute({
  ...READ,
  method: "get",
  path: "/api/v1/companies/{companyId}/fiscal-periods/{id}/ledger-sidecar",
  summary: "A sealed year's JSON sidecar for the offline verifier: the seal and the chain's records through it",
  description: PROSE.sidecar,
  params: CompanyItemParams,
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

const backfillRoute = defineRoute({
  tag: TAG,
  scope: "bookkeeping:write",
  company: true,
  write: true,
  idempotency: "optional",
  dryRun: true,
  method: "post",
  path: `${BASE}/chain-backfill`,
  summary: "Chain the entries posted before the chain existed (at most 500 a call)",
  description: PROSE.backfill,
  params: CompanyParams,
  response: BackfillSchema,
});

async function backfillChain(c: HandlerContext<typeof backfillRoute>) {
  return dispatch(c, "ledger.chain_backfill", {});
}

const keysRoute = defineRoute({
  tag: TAG,
  scope: null,
  method: "get",
  path: "/.well-known/ledger-keys.json",
  summary: "The public keys of the ledger's receipts and seals (no key needed)",
  description: PROSE.keys,
  response: KeysSchema,
});

async function ledgerKeys(c: HandlerContext<typeof keysRoute>) {
  return json(c, publicKeySet(c.env));
}

export function registerLedgerChainRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(verifyRoute, verifyChain);
  app.openapi(chainRoute, getChain);
  app.openapi(sealRoute, getSeal);
  app.openapi(sidecarRoute, getSidecar);
  app.openapi(backfillRoute, backfillChain);
  app.openapi(keysRoute, ledgerKeys);
}
