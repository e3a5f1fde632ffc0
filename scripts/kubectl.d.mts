/** findKubectl returns the path of a kubectl executable, or null when none is found. */
export function findKubectl(): string | null;
/** ensureKubectl returns a kubectl path, installing Debian's kubernetes-client when possible, else null. */
export function ensureKubectl(): string | null;
/** The message a test fails with when no kubectl can be had. */
export const NO_KUBECTL: string;
