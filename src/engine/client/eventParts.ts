/**
 * The parts of the Events recordEvent writes (tx.ts) that many Events share: the source of each
 * component and node, the kubelet's recorder names and messages, and the involvedObject of a pod's
 * kubelet Events. API objects are never changed in place, so one object or string serves them all;
 * none of this is engine state (a shared part and a new one are equal).
 */
import type { KubeObject, ObjectReference } from '../api/types.ts';
import { stringMemo } from '../lib/stringMemo.ts';

/**
 * Events share one `source` per component: API objects are never changed in place, and a
 * 10,000-pod rollout records 40,000 Events from three components.
 */
const eventSources = new Map<string, { component: string }>();

export function eventSource(component: string): { component: string } {
  let s = eventSources.get(component);
  if (s === undefined) {
    s = { component };
    eventSources.set(component, s);
  }
  return s;
}

/** A kubelet's source names its node (`kubelet, node-3` in get events' SOURCE), one object per node. */
const kubeletSources = new Map<string, { component: string; host: string }>();

export function kubeletSource(host: string): { component: string; host: string } {
  // The node asked last first: a pod's start records Pulled, Created and Started in a row.
  if (host === lastSource.host) return lastSource;
  let s = kubeletSources.get(host);
  if (s === undefined) {
    s = { component: 'kubelet', host };
    kubeletSources.set(host, s);
  }
  lastSource = s;
  return s;
}

/** The source kubeletSource gave last (not engine state: one object per node either way). */
let lastSource: { component: string; host: string } = { component: 'kubelet', host: '\u0000' };

/**
 * Each node's kubelet recorder name (`kubelet/<node>`), made once: a name built for every Event
 * is a new string, flattened and hashed again to find the node's correlator. Not engine state.
 */
export const kubeletRecorder = stringMemo((node) => `kubelet/${node}`, Number.POSITIVE_INFINITY);

/**
 * The kubelet's messages seen lately, each kept once: 20,000 pods' Pulling, Pulled and Killing
 * messages are ~190 bytes a pod as strings of their own, and the Event keeps them for an hour. A
 * message that names its pod (a crash loop's back-off) is new each time; the table starts afresh
 * past KUBELET_MESSAGES_MAX. Not engine state: the string is the same either way.
 */
const KUBELET_MESSAGES_MAX = 4096;
const kubeletMessages = new Map<string, string>();

export function kubeletMessage(message: string): string {
  // The kubelet's last few messages first: a pod's start records Pulled, `Container created` and
  // `Container started`, the same three strings pod after pod (a compare, not a hash-table probe).
  const recent = recentMessages;
  for (let i = 0; i < RECENT_MESSAGES; i++) {
    const r = recent[i] as string;
    if (r === message) return r;
  }
  const m = lookUpMessage(message);
  recent[recentAt] = m;
  recentAt = (recentAt + 1) % RECENT_MESSAGES;
  return m;
}

/** The last RECENT_MESSAGES messages kubeletMessage gave, as the table holds them (not engine state). */
const RECENT_MESSAGES = 4;
const recentMessages: string[] = Array.from({ length: RECENT_MESSAGES }, () => '\u0000');
let recentAt = 0;

/**
 * flatMessage is the message as one flat string: a message made by a template (`Successfully
 * assigned ${ns}/${name} to ${node}`) is a tree of joined strings (~180 bytes, measured), flat ~112,
 * and the Event keeps it for an hour (20,000 Scheduled in a 10,000-replica rollout). Reading a
 * character makes V8 flatten it in place: the tree's inner nodes go. The same string either way.
 */
export function flatMessage(message: string): string {
  message.charCodeAt(0);
  return message;
}

function lookUpMessage(message: string): string {
  const m = kubeletMessages.get(message);
  if (m !== undefined) return m;
  if (kubeletMessages.size >= KUBELET_MESSAGES_MAX) kubeletMessages.clear();
  kubeletMessages.set(message, message);
  return message;
}


/**
 * The last references made for each object lately, by its uid, one without a field path and one
 * with: a pod's Pulling, Pulled, Created, Started and Killing name one `spec.containers{web}`
 * reference, its Scheduled the plain one, an object for each (its spec is no key: the pods of one
 * template bound to one node share theirs). One table of the last REFS_MAX uids given a reference,
 * the first made dropped first (a cursor on it, as the correlator's caches keep one), both kinds in
 * one entry: a pod's Pulling then finds the entry its Scheduled made, where a table of its own for
 * each kind cost a missed lookup, an insert and a drop (10,000 a 10,000-replica rollout). A
 * reference is used again only when every field matches, the resourceVersion too. Not engine state; Events are never
 * changed in place.
 */
const REFS_MAX = 12_288;

/** An object's references: `plain` without a field path, `path` with the last one asked for. */
interface Refs {
  plain: ObjectReference | undefined;
  path: ObjectReference | undefined;
}

const refs = new Map<string, Refs>();
/** The cursor on the first uid still in `refs` (made at the first drop). */
let oldest: Iterator<string> | undefined;

/** objectReference is the Event's involvedObject: one literal per shape (uid or not), so it holds its fields in itself. */
export function objectReference(involved: KubeObject, namespace: string, fieldPath: string): ObjectReference {
  const meta = involved.metadata;
  const uid = meta.uid;
  if (!uid) return namespace === '' ? { kind: involved.kind, name: meta.name, apiVersion: involved.apiVersion } : { kind: involved.kind, namespace, name: meta.name, apiVersion: involved.apiVersion };
  // The kubelet writes a pod's Pulled, Created and Started one after another: the reference it
  // gave last, when it fits, spares the table's lookup (every field compared, as below).
  const prev = lastRef;
  if (prev !== undefined && prev.uid === uid && fits(prev, involved, namespace, fieldPath)) return prev;
  const entry = refs.get(uid);
  const last = entry === undefined ? undefined : fieldPath === '' ? entry.plain : entry.path;
  if (last !== undefined && fits(last, involved, namespace, fieldPath)) {
    lastRef = last;
    return last;
  }
  // A cluster-scoped object's reference has no namespace key (omitempty): a Node's, which the node
  // controller and the kubelet build by hand, without a resourceVersion. Any other is
  // GetReference's, with the version of the object the recorder was given (a PersistentVolume's too).
  const rv = meta.resourceVersion;
  const ref: ObjectReference =
    namespace === ''
      ? involved.kind === 'Node'
        ? { kind: involved.kind, name: meta.name, apiVersion: involved.apiVersion, uid }
        : { kind: involved.kind, name: meta.name, apiVersion: involved.apiVersion, uid, resourceVersion: rv }
      : fieldPath === ''
        ? { kind: involved.kind, namespace, name: meta.name, apiVersion: involved.apiVersion, uid, resourceVersion: rv }
        : { kind: involved.kind, namespace, name: meta.name, apiVersion: involved.apiVersion, uid, resourceVersion: rv, fieldPath };
  if (entry !== undefined) {
    // The entry keeps its place (first made, first dropped), as a set of a present key would.
    if (fieldPath === '') entry.plain = ref;
    else entry.path = ref;
  } else {
    refs.set(uid, fieldPath === '' ? { plain: ref, path: undefined } : { plain: undefined, path: ref });
    if (refs.size > REFS_MAX) {
      if (oldest === undefined) oldest = refs.keys();
      const first = oldest.next().value;
      if (first !== undefined) refs.delete(first);
    }
  }
  lastRef = ref;
  return ref;
}

/** The reference objectReference gave last (not engine state: a reference is used again only when every field fits). */
let lastRef: ObjectReference | undefined;

/** fits: `ref` names the object and field path an Event about `involved` would (its uid aside). */
function fits(ref: ObjectReference, involved: KubeObject, namespace: string, fieldPath: string): boolean {
  return (
    ref.name === involved.metadata.name &&
    (namespace === '' || ref.resourceVersion === involved.metadata.resourceVersion) &&
    (ref.namespace ?? '') === namespace &&
    ref.kind === involved.kind &&
    ref.apiVersion === involved.apiVersion &&
    (ref.fieldPath ?? '') === fieldPath
  );
}
