// The request pipeline shared by every route: request id and version headers,
// bearer auth, rate limit, then the route's own scope, company and validation
// steps (src/http/route.ts), and one error handler that renders the envelope.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as accounts from "../domains/accounts";
import * as admin from "../domains/admin";
import * as articles from "../domains/articles";
import * as bankTransactions from "../domains/bank-transactions";
import * as audit from "../domains/audit";
import * as companies from "../domains/companies";
import * as compliance from "../domains/compliance";
import * as currency from "../domains/currency";
import * as customers from "../domains/customers";
import * as dimensions from "../domains/dimensions";
import * as documents from "../domains/documents";
import * as fiscalPeriods from "../domains/fiscal-periods";
import * as imports from "../domains/imports";
import * as invoices from "../domains/invoices";
import * as journalEntries from "../domains/journal-entries";
import * as meta from "../domains/meta";
import * as operations from "../domains/operations";
import * as payroll from "../domains/payroll";
import * as paymentFiles from "../domains/payment-files";
import * as reconciliation from "../domains/reconciliation";
import * as reports from "../domains/reports";
import * as rotRut from "../domains/rot-rut";
import * as supplierInvoices from "../domains/supplier-invoices";
import * as suppliers from "../domains/suppliers";
import * as webhooks from "../domains/webhooks";
import { registerMcpRoutes } from "../mcp";
import { ApiError } from "./api-error";
import { authenticate } from "./auth";
import type { AppEnv } from "./context";
import { errorBody } from "./envelope";
import { registerBenchFloors } from "./bench-floors";

const PUBLIC_PATHS = [
  /^\/api\/v1\/health$/,
  /^\/api\/v1\/errors(\/[^/]+)?$/,
  /^\/api\/v1\/openapi\.json$/,
  /^\/api\/v1\/docs$/,
  /^\/api\/v1\/document-files\//,
];

const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set("requestId", `req_${crypto.randomUUID()}`);
  await next();
  c.header("X-Request-Id", c.get("requestId"));
  c.header("Service-Version", c.env.SERVICE_VERSION);
});

const keyRequired = createMiddleware<AppEnv>(async (c, next) => {
  if (PUBLIC_PATHS.some((p) => p.test(c.req.path))) return next();
  return authenticate(c, next);
});

function renderError(err: Error, c: Context<AppEnv>): Response {
  const requestId = c.get("requestId") ?? `req_${crypto.randomUUID()}`;
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json(
      errorBody(err.code, requestId, err.message, err.details, err.texts),
      err.status as ContentfulStatusCode,
    );
  }
  if (err instanceof HTTPException && err.status === 415) {
    // The body validator's media-type gate (a form or file route sent another type).
    const type = c.req.header("Content-Type") ?? null;
    return c.json(
      errorBody(
        "VALIDATION_ERROR",
        requestId,
        `This endpoint does not accept ${type ? type.split(";")[0] : "a body without Content-Type"}.`,
        { header: "Content-Type", received: type },
      ),
      400,
    );
  }
  if (err instanceof HTTPException && err.status >= 400 && err.status < 500) {
    // Hono's validators refuse a body that does not parse (JSON or multipart).
    return c.json(
      errorBody("VALIDATION_ERROR", requestId, "The request body could not be read.", { body: err.message }),
      400,
    );
  }
  console.error("unhandled", requestId, err);
  return c.json(errorBody("INTERNAL_ERROR", requestId), 500);
}

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const fields = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code }));
        const target = (result as { target?: string }).target;
        throw new ApiError(
          "VALIDATION_ERROR",
          { target, fields },
          fields.length
            ? `${target ?? "request"}: ${fields[0].path ? `${fields[0].path}: ` : ""}${fields[0].message}`
            : undefined,
        );
      }
    },
  });
  app.use("*", requestContext);
  app.use("/api/v1/*", keyRequired);

  // The other composition root (with src/commands/registry.ts): the domains' routes,
  // each through its index.ts; a register's open items are handed in from above.
  meta.registerMetaRoutes(app);
  admin.registerAdminRoutes(app);
  companies.registerCompanyRoutes(app);
  accounts.registerAccountRoutes(app);
  fiscalPeriods.registerFiscalPeriodRoutes(app);
  compliance.registerComplianceRoutes(app, {
    receivables: invoices.foreignReceivablesToRevalue,
    payables: supplierInvoices.foreignPayablesToRevalue,
  });
  journalEntries.registerJournalEntryRoutes(app);
  audit.registerAuditRoutes(app);
  customers.registerCustomerRoutes(app, invoices.openInvoicesOf);
  suppliers.registerSupplierRoutes(app, supplierInvoices.openSupplierInvoicesOf);
  invoices.registerInvoiceRoutes(app);
  supplierInvoices.registerSupplierInvoiceRoutes(app);
  rotRut.registerRotRutRoutes(app);
  currency.registerCurrencyRoutes(app);
  articles.registerArticleRoutes(app);
  dimensions.registerDimensionRoutes(app);
  documents.registerDocumentRoutes(app);
  webhooks.registerWebhookRoutes(app);
  operations.registerOperationRoutes(app);
  reports.registerReportRoutes(app);
  imports.registerImportRoutes(app);
  bankTransactions.registerBankTransactionRoutes(app);
  payroll.registerPayrollRoutes(app);
  paymentFiles.registerPaymentFileRoutes(app);
  reconciliation.registerReconciliationRoutes(app);

  registerBenchFloors(app);

  // MCP for AI agents: tools made from this app's OpenAPI document, calls run through it.
  registerMcpRoutes(app);

  app.notFound((c) => renderError(new ApiError("NOT_FOUND", { path: c.req.path }, "No such endpoint."), c));
  app.onError(renderError);
  return app;
}
