// The English sentences of the Explain records the kubelet's prober and its container stops write
// (DESIGN.md §2): probes/proberManager.ts, probes.ts, killPod.ts.
import type { DecisionCatalog } from '../api/decision.ts';

/** KUBELET_DECISION_KEYS: the prober's workers and results, and how a container is stopped. */
export const KUBELET_DECISION_KEYS: DecisionCatalog = {
  addPod: {
    worker: '{probe} probe of {container} in {pod}: probes now and every {period}s; initialDelaySeconds {delay} counts from the container start',
    workerJitter:
      '{probe} probe of {container} in {pod}: the kubelet started {kubeletAge}s ago, less than one period ({period}s), so the worker first waits a random {jitterMs} ms: probes at {first}s and every {period}s; initialDelaySeconds {delay}',
  },
  doProbe: {
    failed: '{probe} probe of {container} in {pod} failed at {time}s ({run} in a row, failureThreshold {threshold}): {output}',
    ready: 'readiness probe of {container} in {pod} succeeded at {time}s ({run} in a row = successThreshold {threshold}) → the container is ready',
    notReady: 'readiness probe of {container} in {pod} failed {run} times in a row (failureThreshold {threshold}) → the container is not ready',
    started: 'startup probe of {container} in {pod} succeeded at {time}s → started: its readiness and liveness probes run from now',
  },
  activeDeadline: {
    exceeded:
      '{pod} started at {started} with activeDeadlineSeconds {seconds}: it has been active on its node that long → the kubelet fails it (DeadlineExceeded) and stops its containers; nothing starts them again',
  },
  startContainer: {
    configError:
      '{container} of {pod} cannot be created: {source}: {message} → CreateContainerConfigError; the kubelet tries again in {seconds}s (the pod sync back-off: 10s plus up to 50% jitter)',
  },
  generateMountVolumeFunc: {
    setUpFailed:
      '{pod} cannot start yet: MountVolume.SetUp failed for volume "{volume}": {message} → its containers wait in ContainerCreating; the volume manager tries again in {seconds}s (its back-off: 0.5s, doubling to 2m2s)',
    mounted: "{pod}: every volume is mounted now → the kubelet pulls the first container's image and starts the containers",
  },
  computePodActions: {
    initNext:
      '{pod}: init container {container} ({index} of {total}) is next: init containers run one at a time, each to completion, before any app container → pull its image and start it',
    initFailed:
      '{pod}: init container {container} exited 1 → the pod stays Init:CrashLoopBackOff; restartPolicy Always starts it again in {seconds}s (the restart back-off: 10s, doubling to 5 min), and no app container starts before it succeeds',
    noRestart:
      '{container} of {pod} exited with code {exitCode}, and restartPolicy {policy} does not start it again (Always restarts every exit, OnFailure only a failure, Never none) → the pod is finished: {phase}, and stays so until it is deleted',
    initDone: '{pod}: all {total} init containers exited 0 → Initialized is True; the kubelet pulls and starts the app containers',
  },
  killContainer: {
    definitionChanged:
      '{container} of {pod} runs {from} but its spec now names {to}: the container definition changed → kill it with the {grace}s grace period and start it again with the new image, whatever the restartPolicy, without a back-off (the back-off is kept per container spec)',
    probe: '{probe} probe of {container} in {pod} failed {failures} times in a row (failureThreshold {threshold}) → kill it with a {grace}s grace period and start it again',
    preStop: 'stop {container} of {pod}: the preStop {hook} hook takes {hookSeconds}s of the {grace}s grace period → SIGTERM at +{sigterm}s with {left}s left',
    preStopCut: 'stop {container} of {pod}: the preStop {hook} hook ({hookSeconds}s) is cut at the {grace}s grace period → SIGTERM at +{sigterm}s with the minimum {left}s left',
    exits: 'stop {container} of {pod} (grace period {grace}s): the application exits {exitSeconds}s after SIGTERM, within its {left}s → gone at +{stop}s',
    sigkill: 'stop {container} of {pod} (grace period {grace}s): the application needs {exitSeconds}s after SIGTERM but has {left}s → SIGKILL, gone at +{stop}s',
    sidecarTurn:
      'stop sidecar {container} of {pod}: sidecars stop after the app containers, the last in the spec first → it waits {waited}s for {waitFor} to exit, then SIGTERM at +{sigterm}s with {left}s of its grace period left',
    sidecarTurnCut:
      'stop sidecar {container} of {pod}: it waits for {waitFor} to exit, but its grace period runs out after {waited}s → SIGTERM at +{sigterm}s with the minimum {left}s',
    sidecarFirst: 'stop sidecar {container} of {pod}: no app container and no later sidecar is still running → SIGTERM at +{sigterm}s without waiting',
    restartNow: '{container} of {pod} exited with code {exitCode} → its first restart is at once (the restart back-off starts at {seconds}s)',
    backOff: '{container} of {pod} exited with code {exitCode} → CrashLoopBackOff: started again in {seconds}s',
  },
};
