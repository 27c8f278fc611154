// One area of the error catalogue (src/errors/catalogue.ts). The external step after a write's
// commit (an email) and its compensation, when that cannot be written at once (issue #42,
// src/commands/compensation.ts).
import { type CatalogueEntry, e } from "./entry";

export const EXTERNAL_ERRORS = {
  EXTERNAL_STEP_FAILED: e(
    502,
    "Ett externt steg misslyckades efter bokföringen; återföringen är köad och skrivs så snart databasen tar emot den.",
    "An external step failed after the write was committed; its compensation is queued and is written as soon as the database takes it.",
    "details.compensation says whether the compensation is queued. Read the resource again in a minute before retrying.",
  ),
  INVOICE_SEND_COMPENSATION_SUPERSEDED: e(
    409,
    "Fakturan har ändrats sedan utskicket misslyckades; återföringen görs inte automatiskt.",
    "The invoice has changed since its send failed; the compensation is not made automatically.",
    "An operator finds the compensation among the dead letters; reverse the sale by hand if it still stands.",
  ),
} satisfies Record<string, CatalogueEntry>;
