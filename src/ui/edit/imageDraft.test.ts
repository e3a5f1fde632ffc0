import { describe, expect, it } from 'vitest';
import type { ImageBehaviourView } from '../../worker/protocol.ts';
import { draftOf, imagesOf, parseAmount, parseSeconds, secondsText } from './imageDraft.ts';

const effective = {
  pullSeconds: 1,
  startSeconds: 1,
  readySeconds: [1, 4] as [number, number],
  pull: 'ok' as const,
  crash: false,
  ready: 'ok' as const,
  preStopSeconds: 0,
};

describe('parseSeconds', () => {
  it.each<[string, unknown]>([
    ['', undefined],
    ['  ', undefined],
    ['2', 2],
    ['0.5', 0.5],
    ['1-4', [1, 4]],
    ['1 – 4', [1, 4]],
    ['soon', null],
    ['-1', null],
    ['1-', null],
  ])('reads %j', (text, want) => {
    expect(parseSeconds(text)).toEqual(want);
  });

  it('writes back what it reads', () => {
    for (const s of [2, 0.5, [1, 4] as [number, number]]) expect(parseSeconds(secondsText(s))).toEqual(s);
  });
});

describe('imagesOf', () => {
  const row = (image: string, spec: ImageBehaviourView['spec']): ImageBehaviourView => ({
    image,
    used: true,
    spec,
    effective,
  });

  it('keeps what the scenario wrote and leaves out rows with nothing written', () => {
    const drafts = [
      row('nginx:1.8', {}),
      row('nginx:broken', { pull: 'fail' }),
      row('default', { readySeconds: [2, 3] }),
    ].map(draftOf);
    expect(imagesOf(drafts)).toEqual({
      images: { 'nginx:broken': { pull: 'fail' }, default: { readySeconds: [2, 3] } },
    });
  });

  it('writes every field the reader set', () => {
    const d = {
      ...draftOf(row('app:2', {})),
      pull: '3',
      start: '0.5',
      ready: '1-2',
      run: '30',
      crashes: true,
      neverReady: true,
    };
    expect(imagesOf([d])).toEqual({
      images: {
        'app:2': {
          pullSeconds: 3,
          startSeconds: 0.5,
          readySeconds: [1, 2],
          runSeconds: 30,
          crash: true,
          ready: 'never',
        },
      },
    });
  });

  it("reads an init container's run time back", () => {
    const d = draftOf(row('migrate:1', { runSeconds: [5, 10] }));
    expect(d.run).toBe('5-10');
    expect(imagesOf([d])).toEqual({ images: { 'migrate:1': { runSeconds: [5, 10] } } });
  });

  it('writes back what the scenario holds for an image that the editor does not show', () => {
    const d = {
      ...draftOf(row('app:2', { preStopSeconds: 5 } as ImageBehaviourView['spec'])),
      crashes: true,
    };
    expect(imagesOf([d])).toEqual({ images: { 'app:2': { preStopSeconds: 5, crash: true } } });
  });

  it('names the field it cannot read', () => {
    expect(imagesOf([{ ...draftOf(row('app:2', {})), start: 'soon' }])).toEqual({
      bad: { image: 'app:2', value: 'soon', kind: 'seconds' },
    });
    expect(imagesOf([{ ...draftOf(row('app:2', {})), maxRps: '0' }])).toEqual({
      bad: { image: 'app:2', value: '0', kind: 'number' },
    });
  });

  it('writes the application’s fields the reader set, and reads them back', () => {
    const d = { ...draftOf(row('app:2', {})), onSigterm: 'drain' as const, requestMs: '50', maxRps: '30' };
    const out = imagesOf([d]);
    expect(out).toEqual({ images: { 'app:2': { onSigterm: 'drain', requestMs: 50, maxRps: 30 } } });
    const spec = 'images' in out ? (out.images['app:2'] as ImageBehaviourView['spec']) : {};
    expect(draftOf(row('app:2', spec))).toMatchObject({
      onSigterm: 'drain',
      requestMs: '50',
      maxRps: '30',
      other: {},
    });
  });
});

describe('parseAmount', () => {
  it.each<[string, unknown]>([
    ['', undefined],
    ['20', 20],
    ['0.5', 0.5],
    ['0', null],
    ['-3', null],
    ['fast', null],
  ])('reads %j', (text, want) => {
    expect(parseAmount(text)).toEqual(want);
  });
});
