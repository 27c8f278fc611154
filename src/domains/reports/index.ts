// Reports: ledgers, statements, the VAT declaration, SIE 4 export. Reads only.
export { registerReportRoutes } from "./routes";
