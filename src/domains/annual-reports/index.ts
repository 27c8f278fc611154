// The annual report (årsredovisning, K2) of an aktiebolag's fiscal year: docs/annual-report.md.
export { registerAnnualReportRoutes } from "./routes";
export { createAnnualReport } from "./commands";
