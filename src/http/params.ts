// The path parameters most routes share, declared once: the company a route works in
// (`{companyId}`) and the row it names (`{id}`). A route with parameters of its own
// extends these (`CompanyItemParams.extend({ employeeId: z.string() })`), so every
// route names the company the same way and the OpenAPI document describes it once.
import { z } from "@hono/zod-openapi";

/** `/companies/{companyId}/...` */
export const CompanyParams = z.object({ companyId: z.string() });

/** `/companies/{companyId}/<resource>/{id}...` */
export const CompanyItemParams = CompanyParams.extend({ id: z.string() });

/** `/<resource>/{id}` outside a company (an operation, a webhook delivery, an admin row) */
export const ItemParams = z.object({ id: z.string() });

/** `/companies/{companyId}/<resource>/{id}/payments/{paymentId}/...` (an invoice's or a supplier invoice's payment) */
export const PaymentParams = CompanyItemParams.extend({ paymentId: z.string() });
