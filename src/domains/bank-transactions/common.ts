// What the bank transaction rooms' routes share: the tag, the base path, a write's defaults.
export const TAG = "Transactions";
export const BASE = "/api/v1/companies/{companyId}/transactions";
export const write = {
  tag: TAG,
  scope: "transactions:write",
  company: true,
  idempotency: "required",
  dryRun: true,
} as const;
