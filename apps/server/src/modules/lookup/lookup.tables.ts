// The lookup module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { BankCountry } from '../../db/columns';

export interface BanksTable {
  code: string;
  name_th: string;
  name_la: string;
  name_en: string;
  sort_order: number;
  country: BankCountry;
}

export interface SourcesTable {
  code: string;
  description_th: string;
  description_la: string;
  description_en: string;
  sort_order: number;
}
