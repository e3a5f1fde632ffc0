/**
 * What `kubectl describe` v1.36.3 (the page's console) prints differently from the real kubectl
 * binaries the server tests run (client v1.32.4 on PATH, kubectl.1.33 for a server reporting
 * v1.33): one small normaliser per upstream change, each applied to both texts and bringing the
 * 1.36 form back to the older one, so everything else is still compared byte for byte. A test
 * uses only those its lines need, and the kubectl.1.33 binary where that one already prints the
 * 1.36 form (the projected volume's `Optional:` and the DaemonSet's Namespace line, 1.33). The
 * commits named are those of the kubernetes/kubectl repository (staging/src/k8s.io/kubectl).
 */

/**
 * portNamesDropped: since kubectl 1.34 (8067f3a1a, "kubectl: add port names
 * to describe pod output") a container's Port and Host Port list each named port as
 * `8080/TCP (http)`; 1.32 and 1.33 print `8080/TCP`. The ports are the line's last cell, so no
 * column moves.
 */
export function portNamesDropped(text: string): string {
  return text.replace(/^(\s+(?:Host )?Ports?:\s+)(.*)$/gm, (_, head: string, ports: string) => head + ports.replace(/(\d+\/[A-Z]+) \([^)]*\)/g, '$1'));
}

/**
 * eventFieldPathsDropped: since kubectl 1.35 (60fa575b8, "kubectl: include container fieldPath in
 * event messages") an Event about a container leads its message with the reference's fieldPath
 * (`spec.containers{web}: Container started`); 1.32 and 1.33 print the message alone. The message
 * is the table's last column, so no column moves.
 */
export function eventFieldPathsDropped(text: string): string {
  return text.replace(/^(\s*(?:Normal|Warning)\s.*?\s)spec\.(?:containers|initContainers|ephemeralContainers)\{[^}]*\}: /gm, '$1');
}

/**
 * eventsOfManyDropped: since kubectl 1.36 (b902e4389, "Skip events for multi-object kubectl
 * describe") describe leaves the Events out when it describes several objects, or a name it
 * matched by prefix, unless --show-events is given; 1.32 and 1.33 print them. For such lines only:
 * each `Events:` section goes (no other label of a description is shorter, so no column moves).
 */
export function eventsOfManyDropped(text: string): string {
  return text.replace(/\n^Events:.*(?:\n {2}.*)*/gm, '');
}

/**
 * kubeProxyVersionDropped: kubectl 1.36 (456c00e8c, "Lock the DisableNodeKubeProxyVersion
 * feature gate to be enabled by default") no longer prints `Kube-Proxy Version:` under a node's
 * System Info; 1.32 and 1.33 print it, empty, as the kubelet fills it no more. A shorter label
 * than Container Runtime Version's, so no column moves.
 */
export function kubeProxyVersionDropped(text: string): string {
  return text.replace(/^ {2}Kube-Proxy Version:.*\n/gm, '');
}

/**
 * projectedOptionalRenamed (for comparisons with 1.32): since kubectl 1.33 (3e68cbc2c, "Enhance
 * describe output for projected volume sources to indicate optional Secret/ConfigMap") a projected
 * volume's ConfigMap or Secret prints `Optional: false` where 1.32 printed `ConfigMapOptional:
 * <nil>` or `SecretOptionalName: <nil>` (the unset pointer); 1.32's lines are written as 1.33's.
 * No column moves in the ServiceAccount's token volume, whose `TokenExpirationSeconds:` is the
 * longer label; elsewhere the test must even out the columns too (presetsAsPage does).
 */
export function projectedOptionalRenamed(text: string): string {
  return text.replace(/^(\s+)(?:ConfigMapOptional|SecretOptionalName):(\s+)<nil>$/gm, '$1Optional:$2false');
}

/**
 * daemonSetNamespaceDropped (for comparisons with 1.32 only): since kubectl 1.33 (88b66ece3,
 * "Remove duplicate selector calculation logic and add missing test cases for the 'describe
 * DaemonSet' functionality") a DaemonSet's description has a Namespace line under its Name.
 */
export function daemonSetNamespaceDropped(text: string): string {
  return text.replace(/^(Name:.*\n)Namespace:.*\n(?=Selector:.*\nNode-Selector:)/gm, '$1');
}

/**
 * serviceAccountSecretsDropped: since kubectl 1.35 (a7bf48f66, "Clean up service account print
 * and describe") a ServiceAccount's description lists its image pull secrets only; 1.32 and 1.33
 * also print `Mountable secrets:` and `Tokens:` (each `<none>` for an account of today, which has
 * no token Secret). `Image pull secrets:` is the longest label in both, so no column moves.
 */
export function serviceAccountSecretsDropped(text: string): string {
  return text.replace(/^(?:Mountable secrets|Tokens): .*\n/gm, '');
}
