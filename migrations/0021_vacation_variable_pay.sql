ALTER TABLE `payroll_opening_balances` ADD `ytd_vacation_variable_pay_ore` integer DEFAULT 0 NOT NULL;
