// The one catalogue of error codes (spec: Errors). Every code the spec names is here
// with its HTTP status; where the spec shows no status, the status chosen here is the
// one documented in docs/errors.md. Codes are stable once shipped.
//
// Precedence when several rules fail on one request (TigerBeetle-style, tested in
// test/integration/journal-entries.test.ts):
//   UNAUTHORIZED > RATE_LIMITED > INSUFFICIENT_SCOPE > NOT_FOUND (company) > FORBIDDEN (role)
//   > VALIDATION_ERROR (body, query, Idempotency-Key header) > IDEMPOTENCY_KEY_REUSE
//   > the command's own rules, in the order each command documents.

export interface CatalogueEntry {
  status: number;
  sv: string;
  en: string;
  hint?: string;
}

const e = (status: number, sv: string, en: string, hint?: string): CatalogueEntry => ({ status, sv, en, hint });

export const ERROR_CATALOGUE = {
  // Generic
  COMPANY_CONTEXT_MISSING: e(
    400,
    "Företaget saknas i anropet.",
    "The request names no company.",
    "Call the company-scoped path /api/v1/companies/{companyId}/...",
  ),
  VALIDATION_ERROR: e(
    400,
    "Anropet innehåller ogiltiga värden.",
    "The request contains invalid values.",
    "Correct the fields listed in details and send the request again.",
  ),
  UNAUTHORIZED: e(
    401,
    "Saknad eller ogiltig API-nyckel.",
    "Missing or invalid API key.",
    "Send Authorization: Bearer <API key> with a key that has not been revoked.",
  ),
  FORBIDDEN: e(
    403,
    "Din roll i företaget tillåter inte detta.",
    "Your role in this company does not allow this action.",
    "Ask an owner or admin of the company for a role that may write.",
  ),
  INSUFFICIENT_SCOPE: e(
    403,
    "API-nyckeln saknar behörighet för detta.",
    "The API key lacks the scope this endpoint requires.",
    "Create a key with the scope named in details.required_scope.",
  ),
  MFA_REQUIRED: e(
    403,
    "Åtgärden kräver tvåstegsverifiering.",
    "This action requires two-step verification.",
    "Send X-Service-MFA with the current code of the user's authenticator app (enrol it first: POST /admin/v1/users/{id}/mfa).",
  ),
  MFA_TOO_MANY_ATTEMPTS: e(
    429,
    "För många felaktiga koder för tvåstegsverifiering. Vänta och försök igen.",
    "Too many wrong two-step verification codes for this user. Wait and try again.",
    "Wait the number of seconds in Retry-After, then send the code the user's authenticator app shows at that time.",
  ),
  UNATTENDED_COMMIT_LIMIT_EXCEEDED: e(
    403,
    "Verifikationens belopp överstiger nyckelns gräns för obevakad bokföring.",
    "The entry exceeds the key's unattended commit limit.",
    "The draft is kept; a person with a key without this limit can commit it.",
  ),
  NOT_FOUND: e(
    404,
    "Resursen finns inte.",
    "The resource does not exist.",
    "Check the id and that it belongs to the company in the URL.",
  ),
  CONFLICT: e(
    409,
    "Åtgärden krockar med resursens nuvarande tillstånd.",
    "The action conflicts with the resource's current state.",
    "Read the resource again and act on its current state.",
  ),
  IDEMPOTENCY_KEY_REUSE: e(
    409,
    "Idempotensnyckeln har redan använts med ett annat innehåll.",
    "The Idempotency-Key was already used with a different request body.",
    "Use a new Idempotency-Key for a different request.",
  ),
  RATE_LIMITED: e(
    429,
    "För många anrop. Vänta och försök igen.",
    "Too many requests. Wait and try again.",
    "Wait the number of seconds in Retry-After.",
  ),
  COMPANY_MOVING: e(
    503,
    "Företagets bokföring flyttas till en annan databas. Försök igen om en stund.",
    "The company's books are being moved to another database. Try again shortly.",
    "Wait the number of seconds in Retry-After and retry with the same Idempotency-Key; reads are answered during the move.",
  ),
  DATABASE_NOT_MIGRATED: e(
    503,
    "Databasen saknar en migrering som tjänsten kräver.",
    "The database lacks a migration this version of the service requires.",
    "Retry later: the operator's deploy step migrates every database (docs/scaling.md).",
  ),
  INTERNAL_ERROR: e(
    500,
    "Ett internt fel uppstod. Inget har ändrats.",
    "An internal error occurred. Nothing was changed.",
    "Retry with the same Idempotency-Key; report the request_id if it persists.",
  ),
  UNKNOWN_ERROR: e(
    500,
    "Ett okänt fel uppstod.",
    "An unknown error occurred.",
    "Retry with the same Idempotency-Key; report the request_id if it persists.",
  ),
  NOT_IMPLEMENTED: e(
    501,
    "Funktionen finns inte.",
    "This capability is not implemented.",
    "Use the documented alternative named in the message.",
  ),
  API_VERSION_RETIRED: e(
    410,
    "API-versionen är avvecklad.",
    "This API version is retired.",
    "Upgrade to the current API version.",
  ),
  // Members (issue #41 item 12, docs/platform.md "Members and roles")
  MEMBERSHIP_LAST_OWNER: e(
    409,
    "Företagets sista ägare kan inte tas bort eller få en lägre roll.",
    "The company's last owner cannot be removed or given a lower role.",
    "Make another member an owner first (PATCH .../members/{userId} with role owner), then change or remove this one.",
  ),
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
  // Customers
  CUSTOMER_CREATE_FAILED: e(500, "Kunden kunde inte skapas.", "The customer could not be created."),
  CUSTOMER_DELETE_FAILED: e(500, "Kunden kunde inte arkiveras.", "The customer could not be archived."),
  CUSTOMER_DUPLICATE_ORG_NUMBER: e(
    409,
    "Det finns redan en kund med detta organisationsnummer.",
    "A customer with this organisation number already exists.",
  ),
  CUSTOMER_HAS_INVOICES: e(409, "Kunden har obetalda fakturor.", "The customer has open invoices."),
  CUSTOMER_NOT_FOUND: e(404, "Kunden finns inte.", "The customer does not exist."),
  CUSTOMER_NO_PERSONAL_NUMBER: e(404, "Kunden har inget personnummer.", "The customer has no personal number."),
  CUSTOMER_ORG_NUMBER_IS_PERSONAL: e(
    400,
    "Organisationsnumret är ett personnummer.",
    "The organisation number is a personal number.",
  ),
  CUSTOMER_PERSONAL_NUMBER_CONFLICT: e(
    400,
    "Två olika personnummer angavs.",
    "Two different personal numbers were given.",
  ),
  CUSTOMER_PERSONAL_NUMBER_NOT_ALLOWED: e(
    400,
    "Personnummer är bara tillåtet för privatpersoner.",
    "A personal number is only allowed for individuals.",
  ),
  CUSTOMER_PERSONAL_NUMBER_UNREADABLE: e(
    422,
    "Personnumret kan inte läsas.",
    "The stored personal number cannot be read.",
  ),
  CUSTOMER_UPDATE_FAILED: e(500, "Kunden kunde inte uppdateras.", "The customer could not be updated."),
  // Invoices
  INVOICE_ALREADY_SENT: e(409, "Fakturan är redan skickad.", "The invoice has already been sent."),
  INVOICE_BOOK_ALREADY_BOOKED: e(400, "Fakturan är redan bokförd.", "The invoice is already booked."),
  INVOICE_BOOK_CASH_METHOD: e(
    400,
    "Kontantmetoden bokför fakturan vid betalning.",
    "Under the cash method the invoice is booked when it is paid.",
  ),
  INVOICE_BOOK_CONFLICT: e(409, "Fakturan bokförs redan.", "The invoice is being booked concurrently."),
  INVOICE_BOOK_DEFERRED_DRAFT: e(400, "Ett utkast kan inte bokföras.", "A draft invoice cannot be booked."),
  INVOICE_BOOK_FAILED: e(500, "Fakturan kunde inte bokföras.", "The invoice could not be booked."),
  INVOICE_BOOK_INVALID_STATUS: e(
    400,
    "Fakturans status tillåter inte bokföring.",
    "The invoice's status does not allow booking.",
  ),
  INVOICE_BOOK_NOT_BOOKABLE: e(400, "Dokumenttypen kan inte bokföras.", "This document type cannot be booked."),
  INVOICE_BOOK_NO_FISCAL_PERIOD: e(
    400,
    "Inget räkenskapsår omfattar fakturadatumet.",
    "No fiscal period covers the invoice date.",
  ),
  INVOICE_CANCEL_RACE: e(409, "Fakturan ändrades samtidigt.", "The invoice changed concurrently."),
  INVOICE_CREATE_INSERT_FAILED: e(500, "Fakturan kunde inte sparas.", "The invoice could not be saved."),
  INVOICE_CREATE_ITEMS_FAILED: e(500, "Fakturaraderna kunde inte sparas.", "The invoice items could not be saved."),
  INVOICE_CREATE_NUMBER_ASSIGN_FAILED: e(
    500,
    "Fakturanummer kunde inte tilldelas.",
    "No invoice number could be assigned.",
  ),
  INVOICE_CREATE_VAT_RULE_VIOLATION: e(
    400,
    "Momssatsen är inte tillåten för kunden.",
    "The VAT rate is not allowed for this customer.",
  ),
  INVOICE_CREATE_ROT_RUT_VALIDATION: e(400, "ROT/RUT-uppgifterna är ogiltiga.", "The ROT/RUT details are invalid."),
  INVOICE_CREDIT_ALREADY_CREDITED: e(400, "Fakturan är redan krediterad.", "The invoice is already credited."),
  INVOICE_CREDIT_NOT_INVOICE: e(400, "Endast fakturor kan krediteras.", "Only invoices can be credited."),
  INVOICE_CREDIT_NOT_SENT: e(400, "Fakturan är inte skickad.", "The invoice has not been sent."),
  INVOICE_CREDIT_ORIGINAL_NOT_FOUND: e(404, "Ursprungsfakturan finns inte.", "The original invoice does not exist."),
  INVOICE_CUSTOMER_NOT_FOUND: e(404, "Fakturans kund finns inte.", "The invoice's customer does not exist."),
  INVOICE_DELETE_NOT_DRAFT: e(400, "Endast utkast kan tas bort.", "Only drafts can be deleted."),
  INVOICE_PAID_BOOK_FAILED: e(500, "Betalningen kunde inte bokföras.", "The payment could not be booked."),
  INVOICE_PAID_LIKELY_DUPLICATE: e(
    409,
    "Betalningen verkar redan finnas som banktransaktion.",
    "The payment probably already exists as a bank transaction.",
    "Match the transaction, or retry with force: true and a new Idempotency-Key.",
  ),
  INVOICE_PAID_LINES_UNBALANCED: e(400, "Betalningsraderna balanserar inte.", "The payment lines do not balance."),
  INVOICE_PAID_NOT_FOUND: e(404, "Fakturan finns inte.", "The invoice does not exist."),
  INVOICE_PAID_NOT_PAYABLE: e(
    400,
    "Fakturan kan inte betalas i sin nuvarande status.",
    "The invoice cannot be paid in its current status.",
  ),
  INVOICE_PAID_NO_FISCAL_PERIOD: e(
    400,
    "Inget räkenskapsår omfattar betalningsdatumet.",
    "No fiscal period covers the payment date.",
  ),
  INVOICE_PAID_RACE: e(409, "Fakturan betalades samtidigt.", "The invoice was paid concurrently."),
  INVOICE_PDF_RENDER_FAILED: e(500, "PDF:en kunde inte skapas.", "The PDF could not be rendered."),
  INVOICE_SEND_CANCELLED: e(400, "Fakturan är makulerad.", "The invoice is cancelled."),
  INVOICE_SEND_COMPANY_SETTINGS_MISSING: e(
    404,
    "Företagets inställningar saknas.",
    "The company's settings are missing.",
  ),
  INVOICE_INTEREST_NOT_INVOICEABLE: e(
    409,
    "Räntefaktura kan bara ställas ut för en utställd faktura i SEK (inte en kreditfaktura, ett utkast eller en räntefaktura).",
    "An interest invoice is issued only for an issued SEK invoice (not a credit note, a draft or an interest invoice).",
  ),
  INVOICE_INTEREST_NONE_DUE: e(
    409,
    "Ingen dröjsmålsränta att fakturera: fakturan betalades i tid, eller räntan är redan fakturerad.",
    "No late-payment interest to invoice: the invoice was paid on time, or the interest is already invoiced.",
  ),
  INVOICE_INTEREST_REFERENCE_RATE_UNKNOWN: e(
    409,
    "Riksbankens referensränta för ett halvår i perioden är inte känd; räntan gissas inte.",
    "Riksbanken's reference rate for a half-year of the period is not known; the interest is not guessed.",
  ),
  INVOICE_REMINDER_NOT_OVERDUE: e(
    409,
    "Fakturan är inte förfallen och obetald; påminnelse kan inte skickas.",
    "The invoice is not overdue and unpaid; no reminder can be sent.",
  ),
  INVOICE_REMINDER_TOO_SOON: e(
    409,
    "Fakturan har redan fått en påminnelse inom intervallet.",
    "The invoice already had a reminder within the interval.",
  ),
  INVOICE_REMINDER_FEE_CASH_METHOD: e(
    400,
    "Påminnelseavgift kan inte bokföras under kontantmetoden; ta bort reminder_fee i inställningarna.",
    "A reminder fee cannot be booked under the cash method; clear the reminder_fee setting.",
  ),
  INVOICE_SEND_EMAIL_NOT_CONFIGURED: e(503, "E-post är inte konfigurerad.", "Email is not configured."),
  INVOICE_SEND_NO_CUSTOMER_EMAIL: e(400, "Kunden saknar e-postadress.", "The customer has no email address."),
  INVOICE_SEND_NUMBER_ASSIGN_FAILED: e(
    500,
    "Fakturanummer kunde inte tilldelas.",
    "No invoice number could be assigned.",
  ),
  INVOICE_SEND_PARTIAL: e(
    200,
    "Fakturan skickades men ett steg misslyckades.",
    "The invoice was sent but a later step failed.",
  ),
  INVOICE_SEND_PDF_RENDER_FAILED: e(
    500,
    "PDF:en kunde inte skapas; inget nummer förbrukades.",
    "The PDF could not be rendered; no number was consumed.",
  ),
  INVOICE_SEND_PROVIDER_FAILED: e(502, "E-postleverantören svarade inte.", "The email provider failed."),
  INVOICE_UPDATE_NOT_DRAFT: e(409, "Endast utkast kan ändras.", "Only drafts can be updated."),
  // Peppol BIS Billing 3.0 out (docs/peppol.md)
  INVOICE_PEPPOL_NOT_ISSUED: e(
    409,
    "Fakturan är inte utfärdad och kan inte bli en e-faktura.",
    "The invoice is not issued and cannot become an e-invoice.",
    "Issue it first (mark-sent or send); only issued invoices and credit notes have a Peppol document.",
  ),
  INVOICE_PEPPOL_NOT_AN_INVOICE: e(
    409,
    "Proformafakturor och följesedlar skickas inte som e-faktura.",
    "Proforma invoices and delivery notes are not e-invoices.",
  ),
  INVOICE_PEPPOL_BUYER_REFERENCE_MISSING: e(
    422,
    "Fakturan saknar köparens referens och ordernummer.",
    "The invoice has neither the buyer's reference nor an order reference.",
    "Peppol requires one (PEPPOL-EN16931-R003; public buyers require the reference): set your_reference or order_reference on the draft.",
  ),
  INVOICE_PEPPOL_BUYER_ENDPOINT_MISSING: e(
    422,
    "Kunden saknar Peppol-adress.",
    "The customer has no Peppol endpoint id.",
    "Set the customer's peppol_endpoint_id (a Swedish business with an organisation number gets 0007 by default).",
  ),
  INVOICE_PEPPOL_VAT_CATEGORIES_MIXED: e(
    422,
    "Fakturan blandar försäljning utanför momsens tillämpningsområde med annan försäljning.",
    "The invoice mixes supplies outside the scope of VAT with other supplies.",
    "EN 16931 lets a document with VAT category O (outside the scope) carry no other category (BR-O-11 to BR-O-14): invoice those lines separately.",
  ),
  INVOICE_PEPPOL_DOCUMENT_INVALID: e(
    422,
    "E-fakturan bryter mot Peppols regler och skickas inte.",
    "The invoice's Peppol document breaks a fatal Peppol or EN 16931 rule and is not sent.",
    "details.fatal names each rule (id and text); nothing was issued. Correct the draft or the settings the rule names, then send again.",
  ),
  INVOICE_SEND_NO_CHANNEL: e(
    422,
    "Kunden vill ha e-faktura men företaget har ingen Peppol-accesspunkt, och kunden saknar e-postadress.",
    "The customer wants e-invoices, the company has no Peppol access point, and the customer has no email address.",
    "Set peppol_access_point in the settings, or give the customer an email address; or issue with mark-sent and hand over the document from GET .../invoices/{id}/peppol.",
  ),
  INVOICE_PEPPOL_RESEND_NOT_DEAD: e(
    409,
    "Endast en e-faktura vars leverans har gett upp kan skickas igen.",
    "Only a Peppol delivery that has given up (dead) can be sent again.",
    "details.status says where the delivery is: pending and failed are still being tried, delivered has arrived.",
  ),
  INVOICE_PEPPOL_NO_ACCESS_POINT: e(
    409,
    "Företaget har ingen Peppol-accesspunkt.",
    "The company has no Peppol access point.",
    "Set peppol_access_point with PATCH /settings first.",
  ),
  // Suppliers
  SUPPLIER_CREATE_FAILED: e(500, "Leverantören kunde inte skapas.", "The supplier could not be created."),
  SUPPLIER_DELETE_FAILED: e(500, "Leverantören kunde inte arkiveras.", "The supplier could not be archived."),
  SUPPLIER_DUPLICATE_ORG_NUMBER: e(
    409,
    "Det finns redan en leverantör med detta organisationsnummer.",
    "A supplier with this organisation number already exists.",
  ),
  SUPPLIER_HAS_INVOICES: e(409, "Leverantören har obetalda fakturor.", "The supplier has open invoices."),
  SUPPLIER_NOT_FOUND: e(404, "Leverantören finns inte.", "The supplier does not exist."),
  SI_CREATE_DUPLICATE_INVOICE_NUMBER: e(
    409,
    "Leverantörsfakturan är redan registrerad.",
    "This supplier invoice number is already registered.",
  ),
  PEPPOL_VALIDATION_FAILED: e(
    422,
    "E-fakturan bryter mot Peppol BIS 3.0:s regler.",
    "The e-invoice breaks fatal Peppol BIS Billing 3.0 rules.",
    "details.rules lists each failed rule's id, text and location.",
  ),
  PEPPOL_DOCUMENT_LIMIT_EXCEEDED: e(
    422,
    "E-fakturan är större eller djupare än vad importen tar emot.",
    "The e-invoice passes a limit of the import: nesting, attributes, elements, lines, or the time its rules may take.",
    "details.limit names the limit (depth, attributes_per_element, attributes, elements, lines, validation_time, dry_run_lines), details.max its value, details.found what the document has; docs/peppol.md lists them.",
  ),
  PEPPOL_SUPPLIER_NOT_FOUND: e(
    422,
    "Ingen leverantör har e-fakturans organisations- eller momsnummer.",
    "No supplier has the e-invoice seller's organisation or VAT number.",
    "Register the supplier (POST .../suppliers) with that org_number or vat_number, then import again.",
  ),
  PEPPOL_DOCUMENT_UNSUPPORTED: e(
    422,
    "E-fakturan kan inte registreras som leverantörsfaktura.",
    "The e-invoice cannot be registered as a supplier invoice.",
    "details.reason says what: a credit note, a VAT category or rate this import does not book.",
  ),
  PEPPOL_TOTALS_MISMATCH: e(
    422,
    "E-fakturans belopp stämmer inte med den registrerade fakturans.",
    "The e-invoice's totals differ from what its lines book.",
  ),
  PEPPOL_CREDITED_INVOICE_NOT_FOUND: e(
    422,
    "Kreditnotans faktura finns inte registrerad hos leverantören.",
    "The invoice the credit note corrects (its BillingReference) is not a registered invoice of this supplier.",
  ),
  PEPPOL_CREDIT_NOTE_DUPLICATE: e(
    409,
    "Kreditnotan är redan registrerad.",
    "This supplier's credit note with this number is already registered.",
  ),
  PEPPOL_CREDIT_NOT_PLACEABLE: e(
    422,
    "Kreditnotans rader kan inte placeras på fakturans rader.",
    "The credit note's lines cannot be placed on the items of the invoice it corrects.",
  ),
  SI_FX_RATE_MISSING: e(400, "Valutakurs saknas.", "The exchange rate is missing."),
  SI_CREATE_SLP_INVALID_ACCOUNT: e(
    400,
    "Särskild löneskatt kan bara bokas på 741x-konton.",
    "Special payroll tax applies only to 741x accounts.",
  ),
  SI_APPROVE_NOT_REGISTERED: e(
    400,
    "Leverantörsfakturan är inte i status registrerad.",
    "The supplier invoice is not registered.",
  ),
  SI_CREDIT_ALREADY_CREDITED: e(
    409,
    "Leverantörsfakturan är redan krediterad.",
    "The supplier invoice is already credited.",
  ),
  SI_CREDIT_PERIOD_LOCKED: e(
    400,
    "Krediteringsdatumet ligger i en låst period.",
    "The credit date falls in a locked period.",
  ),
  SI_PAID_ALREADY: e(
    409,
    "Leverantörsfakturan är redan betald eller krediterad.",
    "The supplier invoice is already paid or credited.",
  ),
  // Payroll
  SALARY_RUN_DUPLICATE_PERIOD: e(
    409,
    "Det finns redan en lönekörning för perioden.",
    "A salary run for this period already exists.",
  ),
  SALARY_RUN_NO_EMPLOYEES: e(400, "Lönekörningen saknar anställda.", "The salary run has no employees."),
  SALARY_RUN_CALCULATE_NOT_DRAFT: e(400, "Endast utkast kan beräknas.", "Only draft runs can be calculated."),
  SALARY_RUN_TAX_TABLE_MISSING: e(503, "Skattetabell saknas.", "The tax table is missing."),
  SALARY_RUN_APPROVE_NOT_REVIEW: e(400, "Lönekörningen är inte i granskning.", "The salary run is not in review."),
  SALARY_RUN_APPROVE_VALIDATION_FAILED: e(
    400,
    "Lönekörningen kan inte godkännas.",
    "The salary run cannot be approved.",
  ),
  SALARY_RUN_BOOK_NOT_PAID: e(400, "Lönekörningen är inte betald.", "The salary run is not paid."),
  // Not in the spec (issue 29): a payment is recorded and booked only once its date has come.
  PAYMENT_DATE_IN_FUTURE: e(
    400,
    "Betalningsdagen har inte kommit; en framtida betalning måste anges som planerad.",
    "The payment date is after today; a future payment must be marked as planned.",
    "Send planned: true to record a payment ordered for that date (it is booked on the date), or give the date the money left.",
  ),
  SALARY_RUN_REOPEN_INVALID_STATUS: e(
    400,
    "Endast en lönekörning i granskning eller godkänd kan öppnas igen.",
    "Only a salary run that is in review or approved can be reopened.",
    "A paid or booked run cannot be reopened: correct its pay in a later run.",
  ),
  SALARY_RUN_DELETE_NOT_DRAFT: e(
    400,
    "Endast ett utkast till lönekörning kan tas bort.",
    "Only a draft salary run can be deleted.",
    "First reopen a run that is in review or approved; a paid or booked run cannot be deleted.",
  ),
  AGI_CONTACT_MISSING: e(
    400,
    "Arbetsgivardeklarationen saknar kontaktperson.",
    "The AGI has no contact person.",
    "Set the company's settings.payroll_contact (name, phone, email) or send contact in the body.",
  ),
  SALARY_RUN_BOOK_NOT_DUE: e(
    409,
    "Lönekörningens betalningsdag har inte kommit; den bokförs först den dagen.",
    "The salary run's payment date has not yet come; the run can be booked on that date at the earliest.",
    "A planned payment is booked automatically on its date; otherwise call book again from that date.",
  ),
  EMPLOYEE_DUPLICATE_PERSONNUMMER: e(
    409,
    "Det finns redan en anställd med personnumret.",
    "An employee with this personnummer already exists.",
  ),
  ABSENCE_RANGE_TOO_LARGE: e(400, "Datumintervallet är längre än 92 dagar.", "The date range exceeds 92 days."),
  VACATION_BALANCE_NOT_FOUND: e(404, "Semestersaldo saknas.", "No vacation balance exists yet."),
  // Imports, documents, reports
  SIE_IMPORT_DUPLICATE: e(409, "Filen är redan importerad.", "This file has already been imported."),
  // Operations whose worker died (issue #41 item 5, docs/webhooks-and-operations.md "Operations")
  OPERATION_STALLED: e(
    503,
    "Åtgärden avstannade och har rullats tillbaka; inget av den finns kvar.",
    "The operation stalled and was rolled back; nothing of it remains.",
    "Start it again (the same file may be imported again); details.rolled_back says whether its partial writes were removed.",
  ),
  OPERATION_SUPERSEDED: e(
    409,
    "Åtgärden har tagits över av en senare körning.",
    "A later run has taken the operation over; this run writes nothing more.",
    "Internal to operations: poll the operation, which the later run settles.",
  ),
  DOC_UPLOAD_TOO_LARGE: e(413, "Filen är större än 10 MB.", "The file is larger than 10 MB."),
  DOC_UPLOAD_UNSUPPORTED_TYPE: e(
    415,
    "Filtypen stöds inte.",
    "The file type is not supported.",
    "Upload a PDF, JPEG, PNG or WebP file.",
  ),
  REPORT_GENERATION_FAILED: e(422, "Rapporten kunde inte skapas.", "The report could not be generated."),
  // Transactions
  TX_CATEGORIZE_SUGGEST_SI_MATCH: e(
    409,
    "Transaktionen liknar en betalning av en leverantörsfaktura.",
    "The transaction looks like a supplier invoice payment.",
    "Match it, or send confirm_no_match: true.",
  ),
  TX_CATEGORIZE_INVALID_ACCOUNT: e(400, "Kontot finns inte i kontoplanen.", "The account is not in the chart."),
  TX_CATEGORIZE_PRIVATE_PERIOD_LOCKED: e(400, "Perioden är låst.", "The period is locked."),
  BANK_STATEMENT_ACCOUNT_MISMATCH: e(
    400,
    "Kontoutdraget gäller ett annat bankkonto än det som är registrerat för bokföringskontot.",
    "The statement belongs to a bank account other than the one registered for the ledger account.",
    "Import it to the ledger account registered for that bank account (details.registered_for), or register it (POST .../bank-accounts).",
  ),
  BANK_STATEMENT_CURRENCY_MISMATCH: e(
    400,
    "Kontoutdraget är i en annan valuta än bokföringskontots bankkonto.",
    "The statement is in a currency other than that of the ledger account's bank account.",
    "Import it to a ledger account registered in that currency (details.accounts_in_currency), or register one (POST .../bank-accounts).",
  ),
  BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS: e(
    400,
    "Kontoutdraget har rader långt utanför företagets räkenskapsår.",
    "The statement has rows far outside the company's fiscal years.",
    "Rows may be dated at most one year before the first fiscal year or after the last one; create the fiscal year first.",
  ),
  TAX_ACCOUNT_ROW_ALREADY_BOOKED: e(
    409,
    "Skattekontohändelsen är redan bokförd eller kopplad.",
    "The tax account transaction is already booked or linked.",
    "details.reason says which: booked (details.journal_entry_id) or linked (details.link_id; unlink it first).",
  ),
  TX_IGNORE_ALREADY_BOOKED: e(409, "Transaktionen är redan bokförd.", "The transaction is already booked."),
  TX_UNCATEGORIZE_NOT_BOOKED: e(400, "Transaktionen är inte bokförd.", "The transaction is not booked."),
  MATCH_INVOICE_NOT_INVOICE_TYPE: e(400, "Dokumentet är inte en faktura.", "The document is not an invoice."),
  MATCH_INVOICE_NOT_INCOME: e(400, "Transaktionen är inte en inbetalning.", "The transaction is not an inflow."),
  MATCH_INVOICE_NOT_OPEN: e(400, "Fakturan är inte öppen.", "The invoice is not open."),
  MATCH_INVOICE_TX_LINK_FAILED: e(
    500,
    "Transaktionen kunde inte kopplas; bokningen är återförd.",
    "The transaction could not be linked; the posting was reversed.",
  ),
  MATCH_SI_CASH_FX_UNSUPPORTED: e(
    400,
    "Delbetalning i utländsk valuta stöds inte med kontantmetoden.",
    "A partial payment in a foreign currency is not supported under the cash method.",
  ),
  MATCH_SI_NOT_EXPENSE: e(400, "Transaktionen är inte en utbetalning.", "The transaction is not an outflow."),
  MATCH_SI_ALREADY_PAID: e(409, "Leverantörsfakturan är redan betald.", "The supplier invoice is already paid."),
  CURRENCY_REVALUATION_ALREADY_EXISTS: e(
    409,
    "Valutaomvärdering är redan gjord.",
    "A currency revaluation already exists.",
  ),
  ENTRY_ALREADY_REVERSED: e(409, "Verifikationen är redan återförd.", "The entry has already been reversed."),
  ENTRY_DATE_OUTSIDE_FISCAL_PERIOD: e(
    400,
    "Datumet ligger utanför räkenskapsåret.",
    "The date is outside the fiscal period.",
    "Use a date between the period's start and end.",
  ),
  ACCOUNTS_NOT_IN_CHART: e(
    400,
    "Kontot finns inte eller är inaktivt i kontoplanen.",
    "The account is missing from the chart or inactive.",
    "Use active accounts; see GET .../accounts.",
  ),
  // Accruals (docs/accruals.md)
  ANNUAL_REPORT_YEAR_OPEN: e(
    409,
    "Räkenskapsåret är varken låst eller stängt.",
    "The fiscal year is neither locked nor closed.",
    "Lock the year (POST .../fiscal-periods/{id}/lock) or run its year-end before the annual report: its figures must not move afterwards.",
  ),
  ANNUAL_REPORT_UNBALANCED: e(
    409,
    "Balansräkningen balanserar inte; årsredovisningen kan inte upprättas.",
    "The balance sheet does not balance; the annual report cannot be made.",
    "details names the year and both sides; check the trial balance and the continuity of the opening balances.",
  ),
  ANNUAL_REPORT_UNSUPPORTED_EQUITY: e(
    422,
    "Eget kapital innehåller poster som årsredovisningen inte visar.",
    "The equity holds items the annual report does not show.",
    "The K2 report shows aktiekapital (2081-2082), reservfond (2086) and fritt eget kapital (2090-2099), and no reduction of aktiekapital or change of reservfond within the year; details names what is outside.",
  ),
  ANNUAL_REPORT_REGISTER_MISMATCH: e(
    409,
    "Anläggningsregistret stämmer inte med bokföringen; noterna kan inte upprättas.",
    "The fixed-asset register does not match the ledger; the notes cannot be made.",
    "details.differences names each asset class and year: register the assets booked by hand (POST .../fixed-assets) or correct the entries, compare with GET .../fixed-assets/register.",
  ),
  ANNUAL_REPORT_NOT_AKTIEBOLAG: e(
    400,
    "Årsredovisningen enligt K2 här gäller aktiebolag.",
    "The K2 annual report here is an aktiebolag's.",
  ),
  ACCRUAL_NOT_FOUND: e(404, "Periodiseringen finns inte.", "The accrual does not exist."),
  ACCRUAL_ALREADY_CANCELLED: e(409, "Periodiseringen är redan avbruten.", "The accrual is already cancelled."),
  ACCRUAL_NOT_CANCELLABLE: e(
    409,
    "Periodiseringen kan inte avbrytas.",
    "The accrual cannot be cancelled.",
    "Only a spread can be cancelled, on a date from its first entry to before its last release.",
  ),
  // issue #46: budgets (docs/budgets.md)
  BUDGET_NOT_FOUND: e(404, "Budgeten finns inte.", "The budget does not exist."),
  BUDGET_NAME_TAKEN: e(
    409,
    "Räkenskapsåret har redan en budget med det namnet.",
    "The fiscal year already has a budget of that name.",
    "Choose another name, replace that budget (POST .../budgets/{id}/replace), or import with replace: true.",
  ),
} satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

/** A catalogue entry as GET /api/v1/errors/{code} serves it (docs_url points there). */
export function catalogueEntryJson(code: ErrorCode) {
  const e: CatalogueEntry = ERROR_CATALOGUE[code];
  return { code, http_status: e.status, message: e.sv, message_en: e.en, recovery_hint: e.hint ?? null };
}
