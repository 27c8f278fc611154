// One area of the error catalogue (src/errors/catalogue.ts). Imports, documents, operations and reports.
import { type CatalogueEntry, e } from "./entry";

export const RECORDS_ERRORS = {
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
} satisfies Record<string, CatalogueEntry>;
