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

/** The eight rounds' starting offsets: FNV-1a's offset basis mixed with the round number. */
const ROUND_OFFSETS = Array.from({ length: 8 }, (_, round) => (FNV32_OFFSET ^ Math.imul(round + 1, 0x9e3779b9)) >>> 0);

/** The 64 digits' character codes, refilled by each hex64 call (read at once into a string). */
const DIGITS: number[] = new Array<number>(64).fill(0);
const HEX = '0123456789abcdef';

/**
 * hex64 is 64 hex digits from eight FNV-1a passes over `s`, each started from a different offset.
 * The eight run side by side in one walk over the characters, and the digits are written as
 * character codes into one string: each container start (10,000 in a rollout) made eight walks,
 * eight toString and padStart strings, and a string of eight joined pieces.
 */
export function hex64(s: string): string {
  let h0 = ROUND_OFFSETS[0] as number;
  let h1 = ROUND_OFFSETS[1] as number;
  let h2 = ROUND_OFFSETS[2] as number;
  let h3 = ROUND_OFFSETS[3] as number;
  let h4 = ROUND_OFFSETS[4] as number;
  let h5 = ROUND_OFFSETS[5] as number;
  let h6 = ROUND_OFFSETS[6] as number;
  let h7 = ROUND_OFFSETS[7] as number;
  // Each state stays an int32 (Math.imul's result: the low 32 bits of the uint32 the pass defines,
  // read as such by writeWord's `>>>`), a small integer at every step, where `>>> 0` made a new
  // heap number whenever it passed 2^31, until the loop was optimized.
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) & 0xffff;
    h0 = Math.imul(h0 ^ c, FNV32_PRIME);
    h1 = Math.imul(h1 ^ c, FNV32_PRIME);
    h2 = Math.imul(h2 ^ c, FNV32_PRIME);
    h3 = Math.imul(h3 ^ c, FNV32_PRIME);
    h4 = Math.imul(h4 ^ c, FNV32_PRIME);
    h5 = Math.imul(h5 ^ c, FNV32_PRIME);
    h6 = Math.imul(h6 ^ c, FNV32_PRIME);
    h7 = Math.imul(h7 ^ c, FNV32_PRIME);
  }
  writeWord(h0, 0);
  writeWord(h1, 8);
  writeWord(h2, 16);
  writeWord(h3, 24);
  writeWord(h4, 32);
  writeWord(h5, 40);
  writeWord(h6, 48);
  writeWord(h7, 56);
  return String.fromCharCode.apply(null, DIGITS);
}

/** writeWord puts one round's 8 digits at DIGITS[at..at+8), after one more mix (refs differing only in their last character differ in every digit). */
function writeWord(h0: number, at: number): void {
  const h = Math.imul(h0 ^ (h0 >>> 15), 0x2c1b3c6d) >>> 0;
  for (let d = 7; d >= 0; d--) DIGITS[at + 7 - d] = HEX.charCodeAt((h >>> (4 * d)) & 0xf);
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

/** One reference per image, as for imageIDs. */
const imageRefs = new Map<string, string>();

/**
 * imageRef is normalizeImage(image).reference, worked out once per image: every container start
 * reports it (10,000 in a rollout), and the pods of one image then share the string.
 */
export function imageRef(image: string): string {
  let ref = imageRefs.get(image);
  if (ref === undefined) {
    ref = normalizeImage(image).reference;
    imageRefs.set(image, ref);
  }
  return ref;
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
