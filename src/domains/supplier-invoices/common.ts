// What the rooms' routes share: the tag, the collection path, the write options.
export const TAG = "Supplier invoices";
export const BASE = "/api/v1/companies/{companyId}/supplier-invoices";
export const read = { tag: TAG, scope: "suppliers:read", company: true } as const;
export const write = { ...read, scope: "suppliers:write", idempotency: "required", dryRun: true } as const;
