// Reading a supplier invoice or a receipt from its text (issue #43): docs/document-reading.md.
export { readInvoiceText, CONFIDENCE, type Own, type Reading } from "./read";
export type { Fields, FoundField, ReadingWarning, TextCell, TextLine } from "./types";
export { RATES, VAT_TOLERANCE_ORE } from "./checks";
export { ibanValid, parseAmountOre, amountsIn, dateIn } from "./values";
