/**
 * English Explain templates for decisions whose English the engine's catalogues do not hold (none
 * today: src/engine/explain.ts has a template for every decision, and the worker sends that text).
 * Placeholders are i18next's `{{name}}`. tests/i18n/explainCatalog.test.ts keeps this list equal
 * to the emitted keys that lack an engine template.
 */
export const EXPLAIN_EN: Record<string, Record<string, string>> = {};
