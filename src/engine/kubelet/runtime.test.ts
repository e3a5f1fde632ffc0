import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FNV32_OFFSET, FNV32_PRIME } from '../lib/hash.ts';
import { containerID, hex64, imageID, imageRef, normalizeImage } from './runtime.ts';

describe('normalizeImage', () => {
  it.each([
    ['nginx', 'docker.io/library/nginx', 'docker.io/library/nginx:latest'],
    ['nginx:1.25', 'docker.io/library/nginx', 'docker.io/library/nginx:1.25'],
    ['bitnami/redis:7', 'docker.io/bitnami/redis', 'docker.io/bitnami/redis:7'],
    ['registry.k8s.io/pause:3.10', 'registry.k8s.io/pause', 'registry.k8s.io/pause:3.10'],
    ['localhost/app', 'localhost/app', 'localhost/app:latest'],
    ['localhost:5000/team/app:v2', 'localhost:5000/team/app', 'localhost:5000/team/app:v2'],
    ['nginx@sha256:' + 'a'.repeat(64), 'docker.io/library/nginx', `docker.io/library/nginx@sha256:${'a'.repeat(64)}`],
  ])('normalizes %s as the runtime reports it', (image, repository, reference) => {
    expect(normalizeImage(image)).toEqual({ repository, reference });
  });
});

describe('imageRef', () => {
  it.each(['nginx', 'nginx:1.25', 'localhost:5000/team/app:v2', `nginx@sha256:${'a'.repeat(64)}`])('is the normalized reference of %s, the same string each time', (image) => {
    expect(imageRef(image)).toBe(normalizeImage(image).reference);
    expect(imageRef(image)).toBe(imageRef(image));
  });
});

describe('imageID', () => {
  it('is the repository at a sha256 digest of 64 hex digits', () => {
    expect(imageID('nginx:1.25')).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
  });
  it('is the same for one image and differs between tags', () => {
    expect(imageID('nginx:1.25')).toBe(imageID('nginx:1.25'));
    expect(imageID('nginx:1.25')).not.toBe(imageID('nginx:1.26'));
  });
  it('names the same image the same whether written short or normalized', () => {
    expect(imageID('nginx:1.25')).toBe(imageID('docker.io/library/nginx:1.25'));
  });
  it('keeps the digest an image is pinned to', () => {
    const d = `sha256:${'0123456789abcdef'.repeat(4)}`;
    expect(imageID(`nginx@${d}`)).toBe(`docker.io/library/nginx@${d}`);
  });
});

describe('containerID', () => {
  it('is containerd:// and 64 hex digits', () => {
    expect(containerID('uid-1', 'web', 0)).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
  });
  it('differs per pod, per container and per restart', () => {
    const ids = new Set([containerID('u1', 'web', 0), containerID('u2', 'web', 0), containerID('u1', 'side', 0), containerID('u1', 'web', 1)]);
    expect(ids.size).toBe(4);
  });
});

describe('hex64', () => {
  it('changes every 8-digit word when the last character does', () => {
    const a = hex64('web-1');
    const b = hex64('web-2');
    for (let i = 0; i < 64; i += 8) expect(a.slice(i, i + 8)).not.toBe(b.slice(i, i + 8));
  });

  it('gives the digits of eight separate FNV-1a passes, each mixed once more, whatever the characters', () => {
    // The definition, one pass per round, as hex64 computed them before the rounds shared a walk.
    const eightPasses = (str: string): string => {
      let out = '';
      for (let round = 0; round < 8; round++) {
        let h = (FNV32_OFFSET ^ Math.imul(round + 1, 0x9e3779b9)) >>> 0;
        for (let i = 0; i < str.length; i++) h = Math.imul(h ^ (str.charCodeAt(i) & 0xffff), FNV32_PRIME) >>> 0;
        h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
        out += h.toString(16).padStart(8, '0');
      }
      return out;
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (str) => {
        expect(hex64(str)).toBe(eightPasses(str));
      }),
      { numRuns: 3000 },
    );
    expect(hex64('')).toBe(eightPasses(''));
  });
});
