// What the reconciliation rooms' routes share: the tag, the paths, the account key, read and write defaults.
import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { CompanyParams } from "../../http/params";

export const TAG = "Reconciliation";

export const BASE = "/api/v1/companies/{companyId}/reconciliation/accounts";

export const BANK = "/api/v1/companies/{companyId}/reconciliation/bank";

export const TAX = "/api/v1/companies/{companyId}/reconciliation/skattekonto";

export const KeyParams = CompanyParams.extend({
  accountKey: z.string().openapi({
    description: PROSE.accountKey,
  }),
});

export const read = { tag: TAG, scope: "reconciliation:read", company: true } as const;

export const write = {
  tag: TAG,
  scope: "reconciliation:write",
  company: true,
  idempotency: "required",
  dryRun: true,
} as const;
