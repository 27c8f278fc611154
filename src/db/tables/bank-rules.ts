// Bank rules (issue #43, docs/bank-rules.md): a company's ordered rules that book, match,
// mark private, ignore or propose its bank rows. Owned by src/domains/bank-rules.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const bankRules = sqliteTable(
  "bank_rules",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    /** the order the rules are tried in, 1 first; the first that matches wins */
    position: integer("position").notNull(),
    /** book: acts at once; propose: only records the proposal on the row */
    mode: text("mode", { enum: ["book", "propose"] }).notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull(),
    /** the conditions, as the API takes them (all must hold) */
    conditions: text("conditions", { mode: "json" }).$type<object>().notNull(),
    /** the one action, as the API takes it */
    action: text("action", { mode: "json" }).$type<object>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("bank_rules_company_idx").on(t.companyId, t.position)],
);
