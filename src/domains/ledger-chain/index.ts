// The verifiable ledger's API (issue #45, docs/verifiable-ledger.md): verification, the chain's
// records for an export, the fiscal years' seals, the public keys, and the backfill of older
// entries. Owns no table: the chain and the seals are the ledger's (src/ledger/chain*.ts).
export { chainBackfill } from "./commands";
export { registerLedgerChainRoutes } from "./routes";
