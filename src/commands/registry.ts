// Every command a company's writer can run, by name. The HTTP layer names the
// command; the Durable Object looks it up here.
import { createAccount, updateAccount } from "../domains/accounts/service";
import { createCompany, updateSettings } from "../domains/companies/service";
import { createNextPeriod, lockPeriod, unlockPeriod } from "../domains/fiscal-periods/service";
import { batchCreateEntries, cancelEntry, commitEntry, correctEntry, createEntry, reverseEntry } from "../domains/journal-entries/commands";
import type { Command } from "./plan";

export const COMMANDS = {
  "companies.create": createCompany,
  "companies.update_settings": updateSettings,
  "accounts.create": createAccount,
  "accounts.update": updateAccount,
  "fiscal_periods.create_next": createNextPeriod,
  "fiscal_periods.lock": lockPeriod,
  "fiscal_periods.unlock": unlockPeriod,
  "journal_entries.create": createEntry,
  "journal_entries.batch_create": batchCreateEntries,
  "journal_entries.commit": commitEntry,
  "journal_entries.cancel": cancelEntry,
  "journal_entries.reverse": reverseEntry,
  "journal_entries.correct": correctEntry,
} satisfies Record<string, Command>;

export type CommandName = keyof typeof COMMANDS;
