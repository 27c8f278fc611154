// What the fiscal period rooms' routes share: the tag, the base path, a write's defaults.
export const TAG = "Fiscal periods";

export const BASE = "/api/v1/companies/{companyId}/fiscal-periods";

export const write = {
  scope: "bookkeeping:write",
  company: true,
  write: true,
  idempotency: "required",
  tag: TAG,
} as const;
