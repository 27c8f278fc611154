// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  sieExportDescription: prose`
    #FLAGGA, #FORMAT PC8, #SIETYP 4, #PROGRAM, #GEN, #FNAMN, #ORGNR, #RAR (this and the prior
    year), #KONTO, #KTYP, #SRU, #DIM/#OBJEKT, #IB, #UB, #RES, #PSALDO (the whole {} and each
    object's part), #PBUDGET and #VER with #TRANS. #PBUDGET is the budget budget_id names (of
    the period, else 404 BUDGET_NOT_FOUND), else the period's only budget; none when it has
    several. The file is checksummed (SIE 4C §10): an opening #KSUMMA after #FLAGGA and a closing
    #KSUMMA with the CRC-32 of its records as the last line (docs/verifiable-ledger.md).
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  sieExport: {
    summary: "SIE 4 file of a fiscal period (CP437)",
    description: PROSE.sieExportDescription,
  },
};
