// The API server's answer to `kubectl patch --type=json|merge` as kubectl prints it: kube-apiserver's
// jsonPatcher (engine/apiserver/rest/jsonPatcher.ts) and kubectl's CheckErr (cmd/util/helpers.go,
// v1.36) of the Status it gets.
import { pruned } from '../../apiserver/decoding/fromUnstructured.ts';
import { decodeManifest, goTypeOf, type ManifestKind } from '../../apiserver/decoding/manifestShape.ts';
import { applyJSPatch, patchInvalid } from '../../apiserver/rest/jsonPatcher.ts';
import type { Status } from '../../apiserver/rest/status.ts';

/**
 * checkErrStatus is how kubectl prints a Status: an Invalid one as `The request is invalid: <field>:
 * <cause>` (no kind or name: the patch's 422), or with the server's message when it has no causes;
 * any other as `Error from server (<reason>): <message>`.
 */
export function checkErrStatus(s: Status): string {
  if (s.reason !== 'Invalid') return `Error from server (${s.reason}): ${s.message ?? ''}`;
  const d = s.details ?? {};
  const head = d.kind || d.name ? `The ${d.kind ?? ''} ${JSON.stringify(d.name ?? '')} is invalid` : 'The request is invalid';
  const causes = [...new Set((d.causes ?? []).map((c) => `${c.field ?? ''}: ${c.message}`))];
  if (causes.length === 0) return d.kind || d.name || !s.message ? head : `${head}: ${s.message}`;
  return causes.length === 1 ? `${head}: ${causes[0]}` : `${head}: \n* ${causes.join('\n* ')}`;
}

const DECODED: ReadonlySet<string> = new Set(['Deployment', 'DaemonSet', 'StatefulSet']);

/**
 * patchJson applies a JSON or merge patch as the API server does for `kubectl patch` (which sends
 * no fieldValidation: the server's Warn): the patched object with the warnings kubectl prints
 * (unknown fields, which the typed object drops), or kubectl's error — the patch body the
 * decoders refuse, a JSON patch operation that does not apply, or the 422 quoting the whole
 * patched JSON when it does not decode into the Go type.
 */
export function patchJson<T extends { kind: string }>(obj: T, patchType: 'merge' | 'json', patch: unknown): { object: T; warnings: string[] } | { error: string } {
  const type = patchType === 'json' ? 'application/json-patch+json' : 'application/merge-patch+json';
  const r = applyJSPatch(structuredClone(obj) as unknown as Record<string, unknown>, type, patch, 'Warn');
  if ('status' in r) return { error: checkErrStatus(r.status) };
  const value = r.value as Record<string, unknown>;
  if (!DECODED.has(obj.kind)) return { object: value as unknown as T, warnings: [] };
  const kind = obj.kind as ManifestKind;
  const d = decodeManifest(kind, value);
  if (d.ok) return { object: value as unknown as T, warnings: [] };
  const strict = /: strict decoding error: /.exec(d.message);
  if (!strict) return { error: checkErrStatus(patchInvalid(r.text, d.message.replace(/^.*? cannot be handled as a \w+: /, ''))) };
  const warnings = d.message.slice(strict.index + strict[0].length).split(', ');
  return { object: pruned(goTypeOf(kind), value) as unknown as T, warnings };
}
