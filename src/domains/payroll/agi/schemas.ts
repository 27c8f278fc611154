// The AGI's inputs and outputs.
import { z } from "@hono/zod-openapi";
import { PayrollContactSchema } from "../../companies";
import { PROSE } from "./prose";

// the same shape as the company's settings.payroll_contact
const AgiContactSchema = PayrollContactSchema;

export const AgiGenerateSchema = z
  .object({
    contact: AgiContactSchema.optional().openapi({
      description: PROSE.contact,
    }),
    technical_contact: AgiContactSchema.optional().openapi({
      description: "the file's technical contact (TekniskKontaktperson); default: contact",
    }),
  })
  .strict()
  .openapi("AgiGenerate");

export const AgiPatchSchema = z
  .object({
    submission_reference: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .openapi({ description: "Skatteverket's confirmation (kvittens) number of the submitted declaration" }),
  })
  .strict()
  .openapi("AgiPatch");

export const AgiSchema = z
  .object({
    agi_id: z.string(),
    salary_run_id: z.string(),
    period: z
      .object({ year: z.number(), month: z.number() })
      .openapi({ description: "the run's period (RedovisningsPeriod), not the payment date" }),
    total_brutto: z.number().openapi({ description: "whole kronor: cash pay declared (fields 011 and 131)" }),
    total_benefits: z.number().openapi({ description: "whole kronor: taxable benefits declared (012, 013, 132, 133)" }),
    total_tax: z.number().openapi({ description: "whole kronor: field 497, the tax withheld (001 and 274)" }),
    total_avgifter: z.number().openapi({
      description: "whole kronor: field 487, Skatteverket's figure (bases per rate in whole kronor, öre dropped)",
    }),
    contributions_by_rate: z.array(z.object({ percent: z.string(), basis: z.number(), contribution: z.number() })),
    employee_count: z
      .number()
      .openapi({ description: "individual forms (IU) in the file; F-skatt holders are not declared" }),
    generated_at: z.string(),
    generated_by: z.string(),
    submission_reference: z.string().nullable(),
    submission_recorded_at: z.string().nullable(),
    agi_xml: z.string().nullable().optional().openapi({
      description:
        "the XML file (UTF-8); null in an idempotent replay (xml_omitted), which never keeps personal numbers: read it with GET .../agi",
    }),
    xml: z.string().nullable().optional().openapi({ description: "the same XML (the name used in the release notes)" }),
    xml_omitted: z.literal("replay").optional().openapi({
      description: "present when this answer is an idempotent replay: the file is left out, GET .../agi has it",
    }),
  })
  .openapi("Agi");

export type AgiGenerateInput = z.infer<typeof AgiGenerateSchema>;
export type AgiPatchInput = z.infer<typeof AgiPatchSchema>;
