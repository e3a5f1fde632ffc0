// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (kubernetes-1.36.3):
// ConfigMapDescriber and SecretDescriber. Go ranges over data in random order; the keys come out
// sorted here, one of the orders a cluster prints.
import type { ConfigMap, Secret } from '../../api/configTypes.ts';
import type { Event } from '../../api/types.ts';
import { base64Length, decodeBase64, utf8Decode } from '../../lib/base64.ts';
import { describeEvents, PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './podTemplate.ts';
import { tabbedString } from './tabwriter.ts';

const sortedKeys = (m: Record<string, string> | undefined): string[] => Object.keys(m ?? {}).sort();

/** describeConfigMap: each data key with its value under `----`, then each binaryData key's size, then the Events. */
export function describeConfigMap(cm: ConfigMap, events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${cm.metadata.name}\n`);
  w.write(0, `Namespace:\t${cm.metadata.namespace ?? 'default'}\n`);
  printLabelsMultiline(w, 'Labels', cm.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', cm.metadata.annotations);
  w.write(0, '\nData\n====\n');
  for (const k of sortedKeys(cm.data)) {
    w.write(0, `${k}:\n----\n`);
    w.write(0, `${cm.data?.[k] ?? ''}\n`);
    w.write(0, '\n');
  }
  w.write(0, '\nBinaryData\n====\n');
  for (const k of sortedKeys(cm.binaryData)) w.write(0, `${k}: ${base64Length(cm.binaryData?.[k] ?? '')} bytes\n`);
  w.write(0, '\n');
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}

/** describeSecret: the type, then each key's size in bytes (a service account token's value in full); no Events. */
export function describeSecret(s: Secret): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${s.metadata.name}\n`);
  w.write(0, `Namespace:\t${s.metadata.namespace ?? 'default'}\n`);
  printLabelsMultiline(w, 'Labels', s.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', s.metadata.annotations);
  w.write(0, `\nType:\t${s.type ?? ''}\n`);
  w.write(0, '\nData\n====\n');
  for (const k of sortedKeys(s.data)) {
    const v = s.data?.[k] ?? '';
    if (k === 'token' && s.type === 'kubernetes.io/service-account-token') {
      const d = decodeBase64(v);
      w.write(0, `${k}:\t${'bytes' in d ? utf8Decode(d.bytes) : ''}\n`);
    } else w.write(0, `${k}:\t${base64Length(v)} bytes\n`);
  }
  return w.segments.map(tabbedString).join('');
}
