/**
 * The OpenAPI schemas `kubectl explain` reads (src/engine/apiserver/openapi/openapiSchemas.json,
 * ~500 KB): a chunk of their own, loaded the first time the console asks for them (an `explain`
 * line, or completing one), never part of the worker's own bundle. A load that fails is tried
 * again by the next line.
 */
import type { SchemaTable } from '../engine/apiserver/openapi/document.ts';

/** Loads the schemas once and keeps them. */
export interface SchemaLoader {
  /** load starts loading (once) and resolves with the schemas. */
  load(): Promise<SchemaTable>;
  /** loaded is the schemas once they have loaded, else null. */
  loaded(): SchemaTable | null;
}

/** schemaLoader loads the schemas with `importer`: the file's module, or anything a test hands in. */
export function schemaLoader(importer: () => Promise<{ default: { schemas: unknown } }>): SchemaLoader {
  let loading: Promise<SchemaTable> | null = null;
  let table: SchemaTable | null = null;
  return {
    load() {
      if (loading === null) {
        loading = importer().then(
          (m) => {
            table = m.default.schemas as SchemaTable;
            return table;
          },
          (e: unknown) => {
            loading = null;
            throw e;
          },
        );
      }
      return loading;
    },
    loaded: () => table,
  };
}

/** OPENAPI_SCHEMAS: the served API's schemas, in a chunk Vite splits off at the dynamic import. */
export const OPENAPI_SCHEMAS = schemaLoader(() => import('../engine/apiserver/openapi/openapiSchemas.json'));

/** schemasLoadError is the one line a console line gets when the schemas could not be loaded. */
export function schemasLoadError(e: unknown): string {
  const why = (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
  return `error: kubectl explain could not load the API's OpenAPI schemas${why ? ` (${why})` : ''}; try again`;
}
