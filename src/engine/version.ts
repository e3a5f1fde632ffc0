/**
 * The Kubernetes release whose controller behaviour this engine reproduces.
 * kubectl and apimachinery strings were read at tag kubernetes-1.36.3; the controllers from
 * 1.35/1.36-era sources (see src/engine/README.md for what was read and what differs).
 */
export const KUBERNETES_VERSION = 'v1.36.3';

/** Version of the engine's own recording format; bumped when ticks or keyframes change shape. */
export const ENGINE_FORMAT_VERSION = 1;

/**
 * versionInfo is apimachinery's version.Info of a simulated `vMAJOR.MINOR.PATCH` build, as
 * kube-apiserver's /version answers it (its effective version: emulating its own minor, compatible
 * with the one before, KEP-4330's default), in the Go struct's field order. The build fields say
 * plainly that no real binary made it: commit zeros, a fixed date. With `client`, what kubectl's
 * own version.Get() gives, which carries no effective version.
 */
export function versionInfo(gitVersion: string, client = false): Record<string, string> {
  const m = /^v(\d+)\.(\d+)/.exec(gitVersion);
  const major = m?.[1] ?? '1';
  const minor = m?.[2] ?? '0';
  const effective: Record<string, string> = client ? {} : { emulationMajor: major, emulationMinor: minor, minCompatibilityMajor: major, minCompatibilityMinor: String(Math.max(0, Number(minor) - 1)) };
  return {
    major,
    minor,
    ...effective,
    gitVersion,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2026-01-01T00:00:00Z',
    goVersion: 'go1.24.0',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}
