/**
 * The names the container runtime (containerd) gives what the kubelet reports in a pod's
 * container statuses: the image reference as normalized (`nginx:1.25` →
 * `docker.io/library/nginx:1.25`), the image's digest (`imageID`:
 * `docker.io/library/nginx@sha256:<64 hex>`) and each container's ID (`containerd://<64 hex>`).
 * There are no real images, so the hex digits are a hash: of the normalized reference for the
 * digest (every pod of an image shares it, as pulls of one tag do), and of the pod's uid, the
 * container's name and its restart count for the container ID (a new one at each restart).
 * They are hashes, not PRNG draws, so adding them moved no other draw of a run.
 */
import { FNV32_OFFSET, FNV32_PRIME, fnv32a, utf8Bytes } from '../lib/hash.ts';

/** hex64 is 64 hex digits from eight FNV-1a passes over `s`, each started from a different offset. */
export function hex64(s: string): string {
  let out = '';
  for (let round = 0; round < 8; round++) {
    let h = (FNV32_OFFSET ^ Math.imul(round + 1, 0x9e3779b9)) >>> 0;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i) & 0xffff;
      h = Math.imul(h, FNV32_PRIME) >>> 0;
    }
    // One more mix, so that refs differing only in their last character differ in every digit.
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    out += h.toString(16).padStart(8, '0');
  }
  return out;
}

/**
 * normalizeImage is the reference as the runtime reports it (distribution's ParseNormalizedNamed):
 * a first part without `.`, `:` or `localhost` is not a registry, so `docker.io` is added, and
 * `library/` before a one-part name; no tag means `:latest`.
 */
export function normalizeImage(image: string): { repository: string; reference: string } {
  const at = image.indexOf('@');
  const named = at >= 0 ? image.slice(0, at) : image;
  const slash = named.indexOf('/');
  const first = slash >= 0 ? named.slice(0, slash) : '';
  const hasDomain = slash >= 0 && (first.includes('.') || first.includes(':') || first === 'localhost');
  let path = hasDomain ? named.slice(slash + 1) : named;
  if (!hasDomain && slash < 0) path = `library/${path}`;
  const lastPart = path.slice(path.lastIndexOf('/') + 1);
  const colon = lastPart.indexOf(':');
  const repoPath = colon >= 0 ? path.slice(0, path.length - lastPart.length + colon) : path;
  const repository = `${hasDomain ? first : 'docker.io'}/${repoPath}`;
  if (at >= 0) return { repository, reference: `${repository}${image.slice(at)}` };
  return { repository, reference: `${repository}:${colon >= 0 ? lastPart.slice(colon + 1) : 'latest'}` };
}

/** One imageID per image: every pod of a rollout shares the string. */
const imageIDs = new Map<string, string>();

/** imageID is the digest reference the runtime reports for a pulled image. */
export function imageID(image: string): string {
  let id = imageIDs.get(image);
  if (id === undefined) {
    const { repository, reference } = normalizeImage(image);
    const at = image.indexOf('@');
    id = at >= 0 ? `${repository}${image.slice(at)}` : `${repository}@sha256:${hex64(reference)}`;
    imageIDs.set(image, id);
  }
  return id;
}

/** containerID names one run of a container: a pod's `web` after its second restart has its own. */
export function containerID(podUid: string, container: string, restartCount: number): string {
  return `containerd://${hex64(`${podUid}/${container}/${restartCount}`)}`;
}

/** One size per image, as for imageIDs. */
const imageSizes = new Map<string, number>();

/**
 * imageSize is the bytes the runtime reports for a pulled image (the Pulled Event's `Image size`).
 * There are no real images: a hash of the normalized reference spread over 4–200 MB, the range of
 * common application images, the same for every pull of one tag (`nginx:1.25` → one figure).
 */
export function imageSize(image: string): number {
  let n = imageSizes.get(image);
  if (n === undefined) {
    n = 4_000_000 + (fnv32a(utf8Bytes(normalizeImage(image).reference)) % 196_000_000);
    imageSizes.set(image, n);
  }
  return n;
}
