// The OpenAPI prose the reconciliation rooms share (common.ts).
import { prose } from "../../http/prose";

export const PROSE = {
  accountKey: prose`
    bank:<19xx settlement account>, receivables (1510), payables (2440), skattekonto (1630), vat
    (2650), preliminary_tax (2710) or employer_contributions (2731)
  `,
};
