// A run's documents: the payslip PDF and the payment file.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../../db/client";
import { DateSchema } from "../../../../http/fields";
import { fileResponse } from "../../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../../http/route";
import { companyHeading } from "../../../companies";
import { withBankAccount } from "../../employees/queries";
import { read, RunEmployeeParams, RUNS } from "../../route-common";
import { lineItemsOf, loadRunEmployeeOf, ytdOf } from "../queries";
import { salaryPaymentFile } from "./payment-file";
import { renderPayslipPdf } from "./payslip";
import type { AppEnv } from "../../../../http/context";
import { handled, on, registerRoutes } from "../../../../http/route-table";

const payslipPdfRoute = defineRoute({
  ...on.get(read, `${RUNS}/{id}/payslips/{employeeId}/pdf`, DOCS.payslipPdf),
  params: RunEmployeeParams,
  response: null,
});

async function payslipPdf(c: HandlerContext<typeof payslipPdfRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const { id, employeeId } = c.req.valid("param");
  const { run, row: re, employee } = await loadRunEmployeeOf(db, companyId, id, employeeId);
  const e = await withBankAccount(c.env, employee);
  const bytes = await renderPayslipPdf({
    company: await companyHeading(db, companyId),
    run,
    runEmployee: re,
    employee: e,
    items: await lineItemsOf(db, re.id),
    ytd: await ytdOf(db, companyId, employeeId, run),
  });
  return fileResponse(
    c,
    bytes,
    "application/pdf",
    `lonespecifikation-${run.periodYear}-${String(run.periodMonth).padStart(2, "0")}-${e.personnummerPrefix}.pdf`,
  );
}

const paymentFileRoute = defineRoute({
  ...on.get(read, `${RUNS}/{id}/payment-file`, DOCS.paymentFile),
  // the file carries every employee's full account number and is an instruction to pay: not for viewers
  write: true,
  query: z.object({ execution_date: DateSchema.optional() }).strict(),
  response: null,
});

async function paymentFile(c: HandlerContext<typeof paymentFileRoute>) {
  const { id } = c.req.valid("param");
  const file = await salaryPaymentFile(database(c.env), c.get("company").id, id, {
    executionDate: c.req.valid("query").execution_date,
    now: new Date().toISOString(),
    env: c.env,
  });
  return fileResponse(c, new TextEncoder().encode(file.xml), "application/xml", file.fileName);
}

/** Registered last of the run's routes (registerRunRoutes), as the OpenAPI document lists them. */
export function registerRunDocumentRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(payslipPdfRoute, payslipPdf), handled(paymentFileRoute, paymentFile)]);
}
