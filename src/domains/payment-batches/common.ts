// What the rooms' routes share: the tag, the collection path, the read and write options.
export const TAG = "Payment batches";
export const BASE = "/api/v1/companies/{companyId}/payment-batches";
export const read = { tag: TAG, scope: "suppliers:read", company: true } as const;
export const write = { ...read, scope: "suppliers:write", idempotency: "required", dryRun: true } as const;
