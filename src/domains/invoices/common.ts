// What the rooms' routes share: the tag, the collection path, the write options.
export const TAG = "Invoices";
export const BASE = "/api/v1/companies/{companyId}/invoices";
export const read = { tag: TAG, scope: "invoices:read", company: true } as const;
export const write = {
  tag: TAG,
  scope: "invoices:write",
  company: true,
  idempotency: "required",
  dryRun: true,
} as const;
