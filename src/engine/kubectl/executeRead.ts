// Port of the Run functions of kubectl pkg/cmd/get/get.go, describe/describe.go and rollout/rollout_{status,history}.go (v1.36.3).
/**
 * The reading verbs of executeKubectl — get, describe, rollout status and rollout history —
 * printed from the API server's store at the tick's virtual time. Nothing here writes.
 */
import type { ControllerRevision, DaemonSet, Deployment, Event, KubeObject, Node, Pod } from '../api/types.ts';
import type { Tx } from '../client/tx.ts';
import type { KubectlCommand } from './commands.ts';
import { inNamespace, resolveTargets, type ResourceObject, Terminal, withoutFinalNewline } from './executeStore.ts';
import type { DerivedObject } from './derivedObjects.ts';
import { withFields } from './getFields.ts';
import { describePersistentVolume, describeServiceAccount, describeStorageClass } from './printers/describeStorage.ts';
import { describeDaemonSet, describeDeployment, describeReplicaSet } from './printers/describe.ts';
import { describePod } from './printers/describePod.ts';
import { describeNode } from './printers/describeNode.ts';
import { nodeLease } from '../kubelet/nodeLease.ts';
import { describePersistentVolumeClaim, describeStatefulSet } from './printers/describeStateful.ts';
import { describeHorizontalPodAutoscaler, describeNamespace, describePodDisruptionBudget, describeQuota } from './printers/describePolicy.ts';
import { describeService } from './printers/describeService.ts';
import { describeConfigMap, describeSecret } from './printers/describeConfig.ts';
import { describeLimitRange } from './printers/describeLimitRange.ts';
import { genericDescriber, unstructuredOf } from './printers/describeGeneric.ts';
import { ENDPOINTS_DEPRECATION, LabelServiceName } from '../api/discoveryTypes.ts';
import { daemonSetHistoryOutput, deploymentHistory } from './printers/history.ts';
import { printJson, printNames, printYaml, wrapList } from './printers/object.ts';
import { printCustomColumns, printJsonPath } from './printers/templates.ts';
import { sortList } from './sortBy.ts';
import { getTables } from './getTables.ts';
import { servedForm } from '../apiserver/conversion.ts';
import { convertCoreEventToV1Event } from '../apiserver/eventConversion.ts';
import { daemonSetStatusViewer, deploymentStatusViewer } from './rolloutStatus.ts';
import { statefulSetStatusViewer } from './rolloutStatusStatefulSet.ts';

export type Cmd<V extends KubectlCommand['verb']> = Extract<KubectlCommand, { verb: V }>;

/**
 * runGet is `kubectl get TYPE[,TYPE…]|all [NAME...] [-l SEL] [--field-selector SEL] [--sort-by PATH]
 * [-o wide|yaml|json|name|jsonpath=…|custom-columns=…] [--show-labels] [-L KEY] [--no-headers]`:
 * tables through getTables.ts, anything else as printGeneric prints it. `-w` prints the current
 * table and stops there: a console line is one answer, not a stream (`--watch-only` prints
 * nothing, as it waits for the next change). Missing names are reported after the output.
 */
export function runGet(tx: Tx, cmd: Cmd<'get'>): Terminal {
  const term = new Terminal();
  // The REST mapper's warnings come as the line is read, before any request.
  for (const w of cmd.mapperWarnings ?? []) term.warn(w);
  // The server's Warning header on a request for v1 Endpoints, printed as the answer arrives (once).
  if (cmd.targets.some((t) => t.kind === 'Endpoints')) term.warn(`Warning: ${ENDPOINTS_DEPRECATION}`);
  const resolved = resolveTargets(tx.st, cmd);
  const { errors } = resolved;
  const filtered = cmd.fieldSelector === undefined ? resolved.objects : withFields(resolved.objects, cmd, cmd.fieldSelector);
  if (!Array.isArray(filtered)) {
    term.fail(filtered.error);
    return term;
  }
  const objects = filtered;
  const sortBy = cmd.sortBy;
  if (sortBy !== undefined && cmd.watch) term.warn('warning: --watch or --watch-only requested, --sort-by will be ignored');
  const sorting = sortBy !== undefined && !cmd.watch;
  if (!cmd.watchOnly) {
    if (cmd.output === 'table' || cmd.output === 'wide') {
      const t = getTables(objects, cmd, tx.now, errors.length > 0);
      if ('error' in t) {
        term.fail(t.error);
        return term;
      }
      term.out(withoutFinalNewline(t.stdout));
      term.warn(withoutFinalNewline(t.stderr));
    } else {
      // One named object prints on its own; anything else as a v1 List, sorted when asked. Each
      // as the API server serves it (a pod with its podIPs and hostIPs: conversion.ts).
      const single = cmd.targets.length === 1 && cmd.targets[0]?.name !== undefined;
      // Events asked for as events.k8s.io come in that version (the table's cells are the same).
      const eventsV1 = cmd.targets.some((t) => t.kind === 'Event' && t.group === 'events.k8s.io');
      const served = objects.map((o) => inVersion(servedForm(o as KubeObject), eventsV1) as ResourceObject);
      const sorted = sorting && !single ? sortList(served, sortBy) : served;
      if (!Array.isArray(sorted)) {
        term.fail(sorted.error);
        return term;
      }
      if (cmd.output === 'name') term.out(withoutFinalNewline(printNames(sorted)));
      else if (cmd.output === 'jsonpath' || cmd.output === 'custom-columns') {
        const doc = wrapList(sorted, single);
        const printed =
          cmd.output === 'jsonpath' ? printJsonPath(doc, cmd.template ?? '') : printCustomColumns(doc, cmd.template ?? '', cmd.noHeaders === true);
        // What a printer wrote before its error (custom-columns' header and rows) comes first.
        if ('text' in printed) term.out(withoutFinalNewline(printed.text));
        if ('error' in printed) term.fail(printed.error);
      } else if (sorted.length > 0 || errors.length === 0) {
        const doc = wrapList(sorted, single);
        term.out(withoutFinalNewline(cmd.output === 'json' ? printJson(doc) : printYaml(doc)));
      }
    }
  }
  for (const e of errors) term.fail(e);
  return term;
}

/** inVersion is a served object in the version the line asked for: an Event as events.k8s.io/v1 when `eventsV1`. */
function inVersion(obj: KubeObject, eventsV1: boolean): KubeObject {
  return eventsV1 && obj.kind === 'Event' ? (convertCoreEventToV1Event(obj) as unknown as KubeObject) : obj;
}

/** eventsAbout lists the Events whose involvedObject is this object (kind, namespace, name, uid). */
function eventsAbout(tx: Tx, obj: KubeObject | DerivedObject): Event[] {
  const ns = obj.metadata.namespace ?? 'default';
  const out: Event[] = [];
  for (const e of tx.st.store.objects.Event.values()) {
    if (e.kind !== 'Event') continue;
    const ref = e.involvedObject;
    if (ref.kind !== obj.kind || ref.name !== obj.metadata.name || (ref.namespace ?? 'default') !== ns) continue;
    if (ref.uid !== undefined && obj.metadata.uid !== undefined && ref.uid !== obj.metadata.uid) continue;
    out.push(e);
  }
  return out;
}

/**
 * nonTerminatedPodsOn: the pods bound to the node that have not terminated, in every namespace, as the
 * NodeDescriber lists them (spec.nodeName=NODE, status.phase!=Succeeded,status.phase!=Failed), in
 * the API server's namespace/name order (etcd's keys: `team-a/…` before `team/…`). Not the informer
 * cache's podsOnNode index: describe reads the store, as kubectl reads the API server.
 */
function nonTerminatedPodsOn(tx: Tx, nodeName: string): Pod[] {
  const out: Pod[] = [];
  for (const p of tx.st.store.objects.Pod.values()) {
    if (p.kind !== 'Pod' || p.spec.nodeName !== nodeName) continue;
    if (p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed') continue;
    out.push(p);
  }
  const key = (p: Pod) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`;
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * nodeEvents: the Events about a node, as the NodeDescriber asks twice, by the node's uid (the
 * controllers') and by its name in the uid field (the kubelet's), those first.
 */
function nodeEvents(tx: Tx, node: Node): Event[] {
  const byUid: Event[] = [];
  const byName: Event[] = [];
  for (const e of tx.st.store.objects.Event.values()) {
    if (e.kind !== 'Event' || e.involvedObject.kind !== 'Node' || e.involvedObject.name !== node.metadata.name) continue;
    if (e.involvedObject.uid === node.metadata.uid) byUid.push(e);
    else if (e.involvedObject.uid === node.metadata.name) byName.push(e);
  }
  return [...byUid, ...byName];
}

/**
 * describeOne renders one object for describe; `showEvents` false leaves the Events out (the
 * describers are given none); `eventsV1` is an Event asked for as events.k8s.io.
 */
function describeOne(tx: Tx, obj: ResourceObject, showEvents: boolean, eventsV1 = false): string {
  const ns = obj.metadata.namespace ?? 'default';
  const about = (o: KubeObject | DerivedObject) => (showEvents ? eventsAbout(tx, o) : undefined);
  // What a client reads: the served form (the defaults the API server writes, the v1 conversion).
  if (obj.kind === 'Pod') return describePod(servedForm(obj), about(obj), tx.now);
  if (obj.kind === 'ReplicaSet') return describeReplicaSet(servedForm(obj), inNamespace(tx.st, 'Pod', ns), about(obj), tx.now);
  // Its new ReplicaSet is the one whose template equals its own: both served, as kubectl reads them.
  if (obj.kind === 'Deployment') return describeDeployment(servedForm(obj), inNamespace(tx.st, 'ReplicaSet', ns).map(servedForm), about(obj), tx.now);
  if (obj.kind === 'DaemonSet') return describeDaemonSet(servedForm(obj), inNamespace(tx.st, 'Pod', ns), about(obj), tx.now);
  if (obj.kind === 'StatefulSet') return describeStatefulSet(servedForm(obj), inNamespace(tx.st, 'Pod', ns), about(obj), tx.now);
  if (obj.kind === 'ResourceQuota') return describeQuota(obj);
  if (obj.kind === 'LimitRange') return describeLimitRange(obj);
  if (obj.kind === 'Namespace') return describeNamespace(obj, inNamespace(tx.st, 'ResourceQuota', obj.metadata.name), inNamespace(tx.st, 'LimitRange', obj.metadata.name));
  if (obj.kind === 'PersistentVolumeClaim') return describePersistentVolumeClaim(obj, inNamespace(tx.st, 'Pod', ns), about(obj), tx.now);
  if (obj.kind === 'Node') return describeNode(obj, nodeLease(obj, tx.now), nonTerminatedPodsOn(tx, obj.metadata.name), showEvents ? nodeEvents(tx, obj) : undefined, tx.now);
  if (obj.kind === 'PodDisruptionBudget') return describePodDisruptionBudget(obj, about(obj), tx.now);
  if (obj.kind === 'HorizontalPodAutoscaler') return describeHorizontalPodAutoscaler(obj, about(obj), tx.now);
  if (obj.kind === 'ConfigMap') return describeConfigMap(obj, about(obj), tx.now);
  if (obj.kind === 'Secret') return describeSecret(obj);
  if (obj.kind === 'PersistentVolume') return describePersistentVolume(obj, about(obj), tx.now);
  if (obj.kind === 'StorageClass') return describeStorageClass(obj, about(obj), tx.now);
  if (obj.kind === 'ServiceAccount') return describeServiceAccount(obj, about(obj), tx.now);
  if (obj.kind === 'Service') {
    // ServiceDescriber lists the slices labelled kubernetes.io/service-name=NAME in the namespace.
    const slices = inNamespace(tx.st, 'EndpointSlice', ns).filter((s) => s.metadata.labels?.[LabelServiceName] === obj.metadata.name);
    return describeService(obj, slices, about(obj), tx.now);
  }
  // kubectl has no describer of these kinds: its generic one prints the JSON the API serves, in
  // the version the line named (an Event as events.k8s.io/v1 when asked so).
  if (obj.kind === 'ControllerRevision' || obj.kind === 'Event') {
    return genericDescriber(unstructuredOf(inVersion(servedForm(obj as KubeObject), eventsV1)), about(obj), tx.now);
  }
  return `error: "kubectl describe ${obj.kind}" is not part of Rollout Lab's kubectl subset`;
}

/**
 * runDescribe is `kubectl describe pod|deployment|replicaset|daemonset|… [NAME_PREFIX]`: a name
 * that matches no object falls back to every object whose name it prefixes, when the line is
 * exactly `TYPE NAME` (`deploy/we` or `deploy we web` are not found, as in kubectl); several are
 * separated by a blank line, as kubectl prints them. As kubectl 1.36 does, the Events are shown
 * for one object found by name or selector only: several objects, a name matched by prefix or a
 * name not found leave them out, unless the line gives --show-events.
 */
export function runDescribe(tx: Tx, cmd: Cmd<'describe'>): Terminal {
  const term = new Terminal();
  // The REST mapper's warnings (`ev` is also events.events.k8s.io), before any request.
  for (const w of cmd.mapperWarnings ?? []) term.warn(w);
  const { objects, errors } = resolveTargets(tx.st, cmd, { prefixMatch: cmd.prefixMatch === true });
  // Each description ends with a newline and the next is printed after "\n\n". A name that matched
  // by prefix only goes through DescribeMatchingResources, which prints each one and a newline.
  const byPrefix = cmd.prefixMatch === true && cmd.targets[0]?.name !== undefined && !objects.some((o) => o.metadata.name === cmd.targets[0]?.name);
  // The resource builder's error (a name not found, which is what sends a name to prefix matching)
  // or more than one object turns the Events off when --show-events was not given.
  const showEvents = cmd.showEvents ?? !(errors.length > 0 || byPrefix || objects.length > 1);
  const eventsV1 = cmd.targets.some((t) => t.kind === 'Event' && t.group === 'events.k8s.io');
  const text = byPrefix
    ? objects.map((o) => `${describeOne(tx, o, showEvents, eventsV1)}\n`).join('')
    : objects.map((o) => describeOne(tx, o, showEvents, eventsV1)).join('\n\n');
  term.out(withoutFinalNewline(text));
  if (objects.length === 0 && errors.length === 0) term.warn(cmd.allNamespaces ? 'No resources found' : `No resources found in ${cmd.namespace} namespace.`);
  for (const e of errors) term.fail(e);
  return term;
}

/**
 * runRolloutStatus is `kubectl rollout status TYPE [NAME] [-l SEL] [--revision=N] [--watch]`: each
 * object the builder finds, in turn, its status viewer's current line. kubectl watches an object
 * until its rollout is done before it goes on to the next; a console line is one answer, so it
 * prints each object's line now and stops after the first not done (with --watch, the default:
 * kubectl would still be waiting there). An object's viewer error is kept and the next one read
 * (the builder continues on error); nothing found is `No resources found in NS namespace.`, not
 * an error, as kubectl 1.36 prints it.
 */
export function runRolloutStatus(tx: Tx, cmd: Cmd<'rollout-status'>): Terminal {
  const term = new Terminal();
  const { objects, errors } = resolveTargets(tx.st, cmd);
  const failures: string[] = [...errors];
  for (const obj of objects) {
    const s =
      obj.kind === 'Deployment'
        ? deploymentStatusViewer(obj as Deployment, cmd.revision)
        : obj.kind === 'DaemonSet'
          ? daemonSetStatusViewer(obj as DaemonSet)
          : obj.kind === 'StatefulSet'
            ? statefulSetStatusViewer(obj)
            : { message: '', done: true, error: `error: no status viewer has been implemented for ${obj.kind}` };
    if (s.error) {
      failures.push(s.error);
      continue;
    }
    term.out(withoutFinalNewline(s.message));
    if (!s.done && cmd.watch) break;
  }
  if (objects.length === 0 && errors.length === 0) term.warn(`No resources found in ${cmd.namespace} namespace.`);
  for (const f of failures) term.fail(f);
  return term;
}

/** runRolloutHistory is `kubectl rollout history TYPE NAME [--revision=N]`. */
export function runRolloutHistory(tx: Tx, cmd: Cmd<'rollout-history'>): Terminal {
  const term = new Terminal();
  const { objects, errors } = resolveTargets(tx.st, cmd);
  for (const e of errors) term.fail(e);
  for (const obj of objects) {
    const ns = obj.metadata.namespace ?? 'default';
    let h: { output: string } | { error: string };
    if (obj.kind === 'Deployment') h = deploymentHistory(obj, inNamespace(tx.st, 'ReplicaSet', ns), cmd.revision);
    else if (obj.kind === 'DaemonSet' || obj.kind === 'StatefulSet') {
      const crs: ControllerRevision[] = inNamespace(tx.st, 'ControllerRevision', ns);
      h = daemonSetHistoryOutput(obj, crs, cmd.revision);
    } else h = { error: `error: no history viewer has been implemented for "${obj.kind}"` };
    if ('error' in h) term.fail(h.error);
    else term.out(withoutFinalNewline(h.output));
  }
  return term;
}
