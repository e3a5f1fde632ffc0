/** Reading dropped or chosen files as text for the import dialog, with a size limit checked first. */

/** MAX_IMPORT_BYTES: the largest text the scenario parser accepts (1 MiB), checked before reading. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

/** A file's name, size and how to read it (File satisfies it; tests pass plain objects). */
export interface TextSource {
  name: string;
  size: number;
  text(): Promise<string>;
}

/** Why files could not be taken (ImportForm words it in the reader's language). */
export type ReadFailure =
  | { reason: 'noFile' }
  | { reason: 'tooLarge'; count: number; name: string; size: string; limit: string }
  | { reason: 'unreadable'; name: string; why: string };

export type ReadResult = { ok: true; text: string; names: string[] } | ({ ok: false } & ReadFailure);

/**
 * readFilesAsText reads one or more files and joins them as YAML documents (`---` between them),
 * so a Deployment and a Service dropped together import like one multi-document manifest.
 * It refuses, without reading anything, when the files together are larger than the limit.
 */
export async function readFilesAsText(
  files: readonly TextSource[],
  limit = MAX_IMPORT_BYTES,
): Promise<ReadResult> {
  if (files.length === 0) return { ok: false, reason: 'noFile' };
  const total = files.reduce((n, f) => n + f.size, 0);
  if (total > limit) {
    const name = files[0]?.name ?? '';
    return {
      ok: false,
      reason: 'tooLarge',
      count: files.length,
      name,
      size: formatBytes(total),
      limit: formatBytes(limit),
    };
  }
  const texts: string[] = [];
  for (const f of files) {
    try {
      texts.push(await f.text());
    } catch (e) {
      return {
        ok: false,
        reason: 'unreadable',
        name: f.name,
        why: e instanceof Error ? e.message : String(e),
      };
    }
  }
  return {
    ok: true,
    text: texts.map((t) => t.replace(/\s+$/, '')).join('\n---\n'),
    names: files.map((f) => f.name),
  };
}

/** formatBytes: `512 bytes`, `3.4 KiB`, `2.0 MiB`. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
}
