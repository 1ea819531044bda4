// The settings module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).

export interface OperatorSettingsTable {
  key: string;
  value_json: string;
  updated_at: string;
}
