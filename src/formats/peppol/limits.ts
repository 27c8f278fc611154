// The limits of the Peppol import (issue #41 item 1), in one place: what a UBL document may
// be before it is parsed, validated and read. The probe of issue #41 found that an
// unbounded document stops the service (100 000 levels deep: no answer in 900 s and 1.5 GB;
// 200 000 attributes: 147 s; 600 lines: 65 s of rules in the request). The structural limits
// are checked by a scan of the text (prescan.ts) before the XML parser builds anything.
//
// A valid Peppol BIS 3.0 invoice is far inside every limit: its deepest element is about
// seven levels down (Invoice/cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/
// cac:TaxScheme/cbc:ID), a UBL element carries at most two or three attributes (currencyID,
// schemeID, unitCode, mimeCode, filename; the root its namespace declarations), and a line
// some 10 to 40 elements. UBL extensions (an XML signature) add a few levels.
//
// A plain object, so the common table of every outside-file reader's limits can take it.
export const PEPPOL_LIMITS = {
  /** The body (the document with its embedded attachments); Peppol's own limit is 100 MB, this one is a Worker's. */
  maxBytes: 10 * 1024 * 1024,
  /** Deepest element nesting (the root is level 1). */
  maxDepth: 24,
  /** Attributes, namespace declarations included, on one element. */
  maxAttributesPerElement: 32,
  /** Attributes in the whole document. */
  maxAttributes: 20_000,
  /** Elements in the whole document. */
  maxElements: 20_000,
  /**
   * Invoice (or credit note) lines and document-level allowances and charges together: each
   * becomes one item of the supplier invoice, and the JSON API takes at most 200 items
   * (MAX_ITEMS_PER_INVOICE in src/http/fields.ts; test/unit/peppol-prescan.test.ts holds them equal).
   */
  maxLines: 200,
  /**
   * Above this many lines, or `syncElements` elements, the document is validated and imported
   * in an operation (202), not in the request: the rules cost some 50 ms a line.
   */
  syncLines: 20,
  syncElements: 1_500,
  /** The validator yields to other requests after every rule evaluation: one step is at most some tens of ms (issue #41 item 1). */
  yieldEvery: 1,
  /** The longest an operation may spend on the rules (wall time, yields included) before it refuses the document. */
  maxValidationMs: 5 * 60_000,
} as const;

export type PeppolLimit =
  | "depth"
  | "attributes_per_element"
  | "attributes"
  | "elements"
  | "lines"
  | "validation_time"
  | "dry_run_lines";
