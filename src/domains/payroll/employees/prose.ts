// The OpenAPI descriptions of the payroll employees routes and schemas (routes.ts, schemas.ts), kept out of their constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  listEmployees: prose`
    Newest first. Active employees only unless include_inactive=true. search: a name or the
    8-digit birth date (YYYYMMDD); a full personnummer (10 or 12 digits) is VALIDATION_ERROR
    here, search for it with POST .../employees/search. The personnummer is masked
    (personnummer_masked), and so is the bank account number (bank_account_number: its last four
    digits).
  `,
  searchEmployees: prose`
    The personnummer goes in the body so that it never sits in a URL (logs, proxies, browser
    history). 10 or 12 digits, with or without - or +; matched by its keyed hash. Returns the
    matching employees (at most one per personnummer), masked as on the list. Reads only:
    viewers may call it; no Idempotency-Key.
  `,
  createEmployee: prose`
    personnummer: exactly 12 digits, Luhn-checked, stored encrypted; a second employee with the
    same number is EMPLOYEE_DUPLICATE_PERSONNUMMER. The response echoes the masked personnummer.
    salary_type decides whether monthly_salary or hourly_rate is required; tax_table_number
    (29-42) is required for f_skatt_status a_skatt. clearing_number and bank_account_number are
    checked per Bankgirot's rules.
  `,
  updateEmployee: prose`
    All fields optional; the configuration is checked as a whole afterwards. is_active: true
    re-activates a soft-deleted employee.
  `,
  fSkattStatus: prose`
    a_skatt: Skatteverket's monthly table (tax_table_number); side_income: 30 % (sidoinkomst);
    decided_percent: Skatteverket's decision (jämkning, tax_decided_percent); sink: 22.5 % SINK;
    f_skatt: no withholding and no employer contributions
  `,
  listSearch: prose`
    first or last name, or the 8-digit birth date (YYYYMMDD). A full personnummer (10 or 12
    digits) is refused here: it would sit in the URL and in every log; send it in the body of
    POST .../employees/search
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listEmployees: {
    summary: "List employees",
    description: PROSE.listEmployees,
  },
  searchEmployees: {
    summary: "Find an employee by personnummer",
    description: PROSE.searchEmployees,
  },
  getEmployee: {
    summary: "Get an employee, with the full personnummer",
  },
  createEmployee: {
    summary: "Create an employee",
    description: PROSE.createEmployee,
  },
  updateEmployee: {
    summary: "Update an employee",
    description: PROSE.updateEmployee,
  },
  deactivateEmployee: {
    summary: "Soft-delete an employee (is_active false; 204; again is a no-op)",
  },
};
