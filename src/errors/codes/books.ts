// One area of the error catalogue (src/errors/catalogue.ts). Bookkeeping and the fiscal periods: entries, accounts, dimensions, closing, the
// year-end, corporate tax and the SRU files.
import { type CatalogueEntry, e } from "./entry";

export const BOOKS_ERRORS = {
  // Bookkeeping
  BOOKKEEPING_DATABASE_ERROR: e(
    500,
    "Bokföringen kunde inte sparas. Inget har ändrats.",
    "The books could not be written. Nothing was changed.",
    "Retry with the same Idempotency-Key.",
  ),
  JOURNAL_ENTRY_NOT_BALANCED: e(
    400,
    "Verifikationen balanserar inte: debet och kredit skiljer sig.",
    "The entry does not balance: debits and credits differ.",
    "Make the sum of debit_amount equal the sum of credit_amount.",
  ),
  JOURNAL_ENTRY_NOT_FOUND: e(
    404,
    "Verifikationen finns inte.",
    "The journal entry does not exist.",
    "Check the id and the company in the URL.",
  ),
  JOURNAL_ENTRY_OWNED_BY_DOCUMENT: e(
    409,
    "Verifikationen har bokförts av ett dokument (faktura, leverantörsfaktura, betalning) och kan bara ändras genom det.",
    "The entry was posted by a document (an invoice, a supplier invoice, a payment) and can only be changed through it.",
    "details.source_type and details.source_id name the document: credit the invoice or supplier invoice instead of reversing its entry.",
  ),
  CORRECTION_CHAIN_TOO_DEEP: e(
    409,
    "Verifikationen har redan rättats för många gånger.",
    "The entry has been corrected too many times.",
    "Send allow_deep_chain: true if the further correction is intended.",
  ),
  DIMENSION_VALIDATION_FAILED: e(
    400,
    "Ogiltig eller arkiverad dimension.",
    "Unknown or archived dimension code.",
    "Use an active code of an existing dimension.",
  ),
  // Periods
  FX_CLOSING_RATE_UNAVAILABLE: e(
    502,
    "Bokslutskurs saknas.",
    "The closing exchange rate is unavailable.",
    "Retry later; details.missingRates lists what is missing.",
  ),
  FX_FAILED: e(400, "Valutaomräkningen misslyckades.", "The currency revaluation failed."),
  FX_PERIOD_CLOSED: e(400, "Räkenskapsåret är stängt.", "The fiscal period is closed."),
  FX_PERIOD_NOT_FOUND: e(404, "Räkenskapsåret finns inte.", "The fiscal period does not exist."),
  PERIOD_HAS_UNBOOKED_TRANSACTIONS: e(
    400,
    "Perioden har obokförda banktransaktioner.",
    "The period has unbooked bank transactions.",
    "Book or ignore the transactions counted in details.",
  ),
  PERIOD_LOCKED: e(
    400,
    "Perioden är låst eller stängd.",
    "The period is locked or closed.",
    "Use a date in an open period.",
  ),
  PERIOD_LOCK_ALREADY_LOCKED: e(409, "Perioden är redan låst.", "The period is already locked."),
  PERIOD_LOCK_FAILED: e(400, "Perioden kunde inte låsas.", "The period could not be locked."),
  PERIOD_LOCK_HAS_DRAFTS: e(
    400,
    "Perioden har utkast till verifikationer.",
    "The period has draft entries.",
    "Commit or cancel the drafts counted in details.",
  ),
  PERIOD_NOT_FOUND: e(
    404,
    "Räkenskapsåret finns inte.",
    "The fiscal period does not exist.",
    "List the company's periods with GET .../fiscal-periods.",
  ),
  PERIOD_NOT_LOCKED: e(400, "Perioden är inte låst.", "The period is not locked."),
  PERIOD_REOPEN_NOT_CLOSED: e(409, "Perioden är inte stängd.", "The period is not closed."),
  PERIOD_REOPEN_NOT_EXTERNAL: e(409, "Perioden stängdes inte externt.", "The period was not closed externally."),
  PERIOD_UNLOCK_CLOSED: e(409, "En stängd period kan inte låsas upp.", "A closed period cannot be unlocked."),
  PERIOD_UNLOCK_NOT_LOCKED: e(409, "Perioden är inte låst.", "The period is not locked."),
  YEAR_END_FAILED: e(400, "Bokslutet misslyckades.", "The year-end closing failed."),
  YEAR_END_NEXT_PERIOD_HAS_IB: e(
    400,
    "Nästa år har redan ingående balanser.",
    "The next period already has opening balances.",
  ),
  YEAR_END_NOT_RUN: e(400, "Bokslutet har inte körts.", "The year-end closing has not been run."),
  VAT_RETURN_ALREADY_EXISTS: e(
    409,
    "Perioden har redan en momsdeklaration.",
    "The VAT period already has a return.",
    "A return is never replaced: unlock the period, correct the books, and make a correction return with correction: true.",
  ),
  VAT_RETURN_NO_ORIGINAL: e(
    409,
    "Perioden har ingen momsdeklaration att rätta.",
    "The VAT period has no return to correct.",
    "Make the period's return first (POST .../vat-returns without correction).",
  ),
  VAT_RETURN_UNCHANGED: e(
    409,
    "Inget har ändrats sedan periodens senaste momsdeklaration.",
    "Nothing has changed since the period's latest return.",
    "Book the correction in the period (unlock it first), then make the correction return.",
  ),
  FIXED_ASSET_PERIOD_ALREADY_DEPRECIATED: e(
    409,
    "Månaden har redan skrivits av.",
    "A depreciation run already covers one of the months.",
    "A run is never repeated: details names the run that covers the months; reverse its entry by hand only if it was wrong.",
  ),
  // Not in the spec (issue 31): the corporate tax, booked before the year-end's closing entry.
  TAX_AFTER_YEAR_END: e(
    409,
    "Bokslutet har redan körts; skatten bokas före bokslutsverifikationen.",
    "The year-end has run: the tax is booked before the closing entry.",
    "Book the tax before POST .../fiscal-periods/{id}/year-end; a year whose year-end has run keeps its result.",
  ),
  TAX_ALREADY_CALCULATED: e(
    409,
    "Årets skatt är redan beräknad och bokad.",
    "The year's tax has already been calculated and booked.",
    "Read it with GET .../fiscal-periods/{id}/tax.",
  ),
  TAX_ENTITY_TYPE_MISMATCH: e(
    400,
    "Beräkningen gäller inte företagets form.",
    "The calculation does not apply to the company's form.",
    "Corporate tax (.../tax) is for an aktiebolag; the NE figures (.../ne) for an enskild firma.",
  ),
  // Not in the spec (issue 31): the income-tax return's SRU files (GET .../fiscal-periods/{id}/sru).
  TAX_NOT_CALCULATED: e(
    409,
    "Årets skatt är inte beräknad; INK2S bygger på skatteberäkningen.",
    "The year's tax has not been calculated: INK2S is made from the tax calculation.",
    "Calculate it with POST .../fiscal-periods/{id}/tax (before the year-end), then ask for the files again.",
  ),
  SRU_COMPANY_DETAILS_MISSING: e(
    409,
    "Företaget saknar organisationsnummer eller adress som SRU-filerna kräver.",
    "The company lacks the organisation number or address the SRU files need.",
    "details.missing names them: set org_number on the company, address_line1, postal_code and city in its settings.",
  ),
  YEAR_END_STALE: e(
    409,
    "Årets resultat har ändrats sedan bokslutsverifikationen; kör bokslutet igen.",
    "The year's result has changed since the closing entry was made.",
    "Run the year-end again (POST .../fiscal-periods/{id}/year-end): it books only the difference, then close.",
  ),
  YEAR_END_NO_ACTIVITY: e(409, "Perioden saknar bokföring.", "The period has no activity."),
  YEAR_END_PREVIEW_FAILED: e(400, "Förhandsvisningen av bokslutet misslyckades.", "The year-end preview failed."),
  YEAR_END_PRIOR_PERIOD_OPEN: e(400, "Föregående år är inte stängt.", "The prior period is still open."),
  YEAR_END_UNBALANCED_TRIAL: e(400, "Råbalansen balanserar inte.", "The trial balance does not balance."),
} satisfies Record<string, CatalogueEntry>;
