// One area of the error catalogue (src/errors/catalogue.ts). The verifiable ledger (issue #45,
// docs/verifiable-ledger.md): the chain, the seals, the SIE file's checksum.
import { type CatalogueEntry, e } from "./entry";

export const CHAIN_ERRORS = {
  LEDGER_CHAIN_PENDING: e(
    409,
    "Företagets äldre verifikationer är ännu inte kedjade.",
    "The company's older entries are not yet all chained.",
    "Call POST /api/v1/companies/{companyId}/ledger/chain-backfill until it answers done, then try again.",
  ),
  FISCAL_YEAR_NOT_SEALED: e(
    404,
    "Räkenskapsåret är inte förseglat.",
    "The fiscal year has no seal.",
    "A fiscal year is sealed when it is closed (POST .../fiscal-periods/{id}/close).",
  ),
  SIE_CHECKSUM_MISMATCH: e(
    422,
    "SIE-filens kontrollsumma (#KSUMMA) stämmer inte med innehållet.",
    "The SIE file's checksum (#KSUMMA) does not match its contents.",
    "The file was changed or cut short after it was written (SIE 4C §10). Export it again from the program that made it.",
  ),
} satisfies Record<string, CatalogueEntry>;
