import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { MAX_REMINDER_FEE_ORE } from "../../sweden/late-payment";
import { EmailSchema, VoucherSeriesSchema } from "../../http/fields";
import { VACATION_YEAR_KINDS } from "../../sweden/payroll/vacation";

export const ENTITY_TYPES = [
  "aktiebolag",
  "enskild_firma",
  "handelsbolag",
  "kommanditbolag",
  "ekonomisk_forening",
  "ideell_forening",
  "stiftelse",
] as const;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD");

/** Semesterlagen 3 §: the vacation year of payroll (src/sweden/payroll/vacation.ts, VacationYearKind). */
export const VacationYearSchema = z.enum(VACATION_YEAR_KINDS);

export const CompanyCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    entity_type: z.enum(ENTITY_TYPES).openapi({ description: "enskild_firma is a sole trader" }),
    org_number: z.string().max(20).optional().openapi({ example: "556016-0680" }),
    vat_registered: z.boolean().default(false),
    moms_period: z.enum(["monthly", "quarterly", "yearly"]).optional(),
    accounting_method: z
      .enum(["accrual", "cash"])
      .optional()
      .openapi({ description: "default: cash for enskild_firma, else accrual" }),
    f_skatt: z.boolean({ error: "f_skatt must be stated explicitly (true or false)" }),
    fiscal_year_start_month: z.number().int().min(1).max(12).default(1),
    first_fiscal_year: z
      .object({ start_date: date, end_date: date })
      .optional()
      .openapi({ description: "a first (broken) fiscal year of up to 18 months" }),
    vacation_year: VacationYearSchema.optional().openapi({
      description: PROSE.vacationYearCreateField,
    }),
  })
  .openapi("CompanyCreate");

export const FiscalPeriodSummarySchema = z.object({
  id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  name: z.string(),
});

export const CompanySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    org_number: z.string().nullable(),
    entity_type: z.string(),
    role: z.enum(["owner", "admin", "member", "viewer"]).optional(),
    vat_registered: z.boolean(),
    moms_period: z.string().nullable(),
    accounting_method: z.enum(["accrual", "cash"]),
    f_skatt: z.boolean(),
    fiscal_year_start_month: z.number(),
    sandbox: z.boolean(),
    trial_ends_at: z.string(),
    created_at: z.string(),
  })
  .openapi("Company");

export const CompanyCreatedSchema = CompanySchema.extend({
  fiscal_period: FiscalPeriodSummarySchema,
  team_id: z.string().nullable(),
}).openapi("CompanyCreated");

/** The employer's contact person for the AGI (Kontaktperson), as the AGI's own body takes it. */
export const PayrollContactSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    phone: z.string().trim().min(1).max(30),
    email: z.email().max(200),
  })
  .strict()
  .openapi("PayrollContact");

export const SettingsSchema = z
  .object({
    invoice_default_days: z.number().int().nullable(),
    bankgiro: z.string().nullable(),
    plusgiro: z.string().nullable(),
    bank_clearing_number: z.string().nullable(),
    bank_account_number: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    email_sender_name: z.string().nullable(),
    email_reply_to: z.string().nullable(),
    address_line1: z.string().nullable(),
    address_line2: z.string().nullable(),
    postal_code: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    vat_number: z
      .string()
      .nullable()
      .openapi({ description: "the VAT number printed on invoices; null = SE + org number + 01" }),
    late_payment_interest_rate: z
      .number()
      .nullable()
      .openapi({ description: "fraction; null = räntelagen's rate (reference rate + 8 percentage points)" }),
    reminder_fee: z.number().nullable().openapi({
      description: PROSE.reminderFeeSettingsField,
    }),
    auto_reminder_days: z.number().int().nullable().openapi({
      description: PROSE.autoReminderDaysSettingsField,
    }),
    default_voucher_series: z.string(),
    payroll_contact: PayrollContactSchema.nullable().openapi({
      description: "the contact person generate-agi puts in the AGI when its body names none",
    }),
    vacation_year: VacationYearSchema.openapi({
      description: PROSE.vacationYearSettingsField,
    }),
    peppol_access_point: z
      .object({ url: z.string(), token_set: z.boolean(), sender_id: z.string().nullable() })
      .nullable()
      .openapi({
        description: "the access point's url and sender id, and whether a token is set (the token is never shown)",
      }),
    vat_registered: z.boolean(),
    moms_period: z.string().nullable(),
    f_skatt: z.boolean(),
    updated_at: z.string(),
  })
  .openapi("CompanySettings");

export const CompanyDetailSchema = CompanySchema.extend({ settings: SettingsSchema }).openapi("CompanyDetail");

export const SettingsPatchSchema = z
  .object({
    invoice_default_days: z.number().int().min(0).max(365).nullable(),
    bankgiro: z
      .string()
      .regex(/^\d{3,4}-\d{4}$/, "bankgiro is NNN-NNNN or NNNN-NNNN")
      .nullable(),
    plusgiro: z
      .string()
      .regex(/^\d{1,7}-\d$/, "plusgiro is N-N up to NNNNNNN-N")
      .nullable(),
    bank_clearing_number: z
      .string()
      .regex(/^\d{4,5}$/)
      .nullable(),
    bank_account_number: z
      .string()
      .regex(/^\d{1,15}$/)
      .nullable(),
    iban: z
      .string()
      .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, "IBAN without spaces")
      .nullable(),
    bic: z
      .string()
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/)
      .nullable(),
    email_sender_name: z.string().max(200).nullable(),
    email_reply_to: EmailSchema.nullable(),
    // the seller's address and contact details, printed on every invoice (ML 17 kap 24 §)
    address_line1: z.string().trim().min(1).max(200).nullable(),
    address_line2: z.string().trim().min(1).max(200).nullable(),
    postal_code: z
      .string()
      .trim()
      // no flags: the OpenAPI document carries a regex's source only, so /i would be lost
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, "a postal code, e.g. 123 45")
      .nullable(),
    city: z.string().trim().min(1).max(100).nullable(),
    country: z.string().regex(/^[A-Z]{2}$/, "ISO 3166 alpha-2, e.g. SE"),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{5,30}$/, "a phone number")
      .nullable(),
    email: EmailSchema.nullable(),
    website: z
      .string()
      .trim()
      .max(200)
      .regex(/^(https?:\/\/)?[^\s]+\.[^\s]+$/, "a web address")
      .nullable(),
    vat_number: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, "a VAT number such as SE556016068001")
      .nullable(),
    late_payment_interest_rate: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .openapi({ description: "fraction, e.g. 0.1; null = räntelagen (reference rate + 8 percentage points)" }),
    reminder_fee: z
      .number()
      .min(0)
      .max(MAX_REMINDER_FEE_ORE / 100)
      .nullable()
      .openapi({
        description: PROSE.reminderFeePatchField,
      }),
    auto_reminder_days: z.number().int().min(1).max(365).nullable().openapi({
      description: "days after the due date (and between reminders) the sweep sends a reminder; null = off",
    }),
    default_voucher_series: VoucherSeriesSchema,
    payroll_contact: PayrollContactSchema.nullable().openapi({
      description: "the AGI's contact person (name, phone, email, all three); null clears it",
    }),
    vacation_year: VacationYearSchema.openapi({
      description: PROSE.vacationYearPatchField,
    }),
    peppol_access_point: z
      .object({
        url: z.string().trim().max(2000).openapi({
          description: PROSE.peppolUrlPatchField,
        }),
        token: z
          .string()
          .min(1)
          .max(4096)
          .openapi({ description: "sent as Authorization: Bearer; stored encrypted, never shown" }),
        sender_id: z.string().trim().max(100).nullable().optional().openapi({
          description: PROSE.peppolSenderIdPatchField,
        }),
      })
      .strict()
      .nullable()
      .openapi({
        description: PROSE.peppolAccessPointPatchField,
      }),
    vat_registered: z.boolean(),
    moms_period: z.enum(["monthly", "quarterly", "yearly"]).nullable(),
    f_skatt: z.boolean(),
  })
  .partial()
  .strict()
  .openapi("CompanySettingsPatch");

export type CompanyCreateInput = z.infer<typeof CompanyCreateSchema>;
export type SettingsPatchInput = z.infer<typeof SettingsPatchSchema>;
