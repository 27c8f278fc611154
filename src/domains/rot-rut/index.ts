// ROT/RUT claims to Skatteverket (docs/rot-rut.md): the claim files and the decisions.
// Owns: rot_rut_claims, rot_rut_claim_invoices. The invoice's deduction is the invoices domain's.
export { registerRotRutRoutes } from "./routes";
export { createClaims, decideClaim } from "./commands";
export { claimIdsOfInvoice } from "./queries";
