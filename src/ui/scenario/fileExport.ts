/** Saving and copying text from the export dialog: a Blob URL download and the async clipboard. */

/**
 * fileNameFor turns a scenario or object name into a file name: letters and digits of any script
 * kept, every other run of characters one `-`, lower case, at most 80 characters, `.yaml` added.
 * `Seed — nginx, 10 replicas, 25% / 25%` → `seed-nginx-10-replicas-25-25.yaml`.
 */
export function fileNameFor(name: string, fallback = 'scenario'): string {
  const slug = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || fallback}.yaml`;
}

/**
 * downloadText saves text as a file through a Blob URL (allowed by the page's CSP: a download is not
 * a fetch, and `blob:` is never loaded as script or style). The URL is revoked once the browser has
 * taken the download.
 */
export function downloadText(text: string, fileName: string, type = 'application/yaml'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** copyText puts text on the clipboard; it answers why not when the browser refuses. */
export async function copyText(text: string): Promise<{ ok: true } | { ok: false; why: string }> {
  try {
    if (!navigator.clipboard) throw new Error('this browser gives the page no clipboard');
    await navigator.clipboard.writeText(text);
    return { ok: true };
  } catch (e) {
    return { ok: false, why: e instanceof Error ? e.message : String(e) };
  }
}
