// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from './testI18n.ts';
import { PresetGallery, type PresetSummary, upstreamIssues } from './PresetGallery.tsx';

setTestLanguage('en');
afterEach(cleanup);

const PRESETS: PresetSummary[] = [
  { id: 'seed', name: 'Seed — nginx, 10 replicas', description: 'The course example.' },
  { id: 'max-surge-0', name: 'maxSurge 0', description: 'Old pods go first.' },
  { id: 'recreate', name: 'Recreate', description: 'All old pods go, then the new come.' },
];

function setup(over: Partial<Parameters<typeof PresetGallery>[0]> = {}) {
  const onChoose = vi.fn();
  const onReset = vi.fn();
  render(
    <PresetGallery
      presets={PRESETS}
      presetId="seed"
      scenarioName="Seed — nginx, 10 replicas"
      busyId={null}
      error={null}
      onChoose={onChoose}
      onReset={onReset}
      {...over}
    />,
  );
  return { onChoose, onReset };
}

describe('PresetGallery', () => {
  it('lists every preset with its name and lesson', () => {
    setup();
    const items = within(screen.getByRole('list', { name: 'Presets' })).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      'Seed — nginx, 10 replicascurrentThe course example.',
      'maxSurge 0Old pods go first.',
      'RecreateAll old pods go, then the new come.',
    ]);
  });

  it('marks the preset the working scenario came from as current', () => {
    setup({ presetId: 'max-surge-0' });
    const current = screen.getAllByRole('button').filter((b) => b.getAttribute('aria-current') === 'true');
    expect(current.map((b) => b.dataset.presetId)).toEqual(['max-surge-0']);
    expect(screen.getByText(/from the preset “maxSurge 0”/)).toBeTruthy();
  });

  it('does not repeat the preset name when the working scenario still has it', () => {
    setup({ presetId: 'seed', scenarioName: 'Seed — nginx, 10 replicas' });
    expect(screen.queryByText(/from the preset/)).toBeNull();
  });

  it('chooses a preset when its card is clicked', () => {
    const { onChoose } = setup();
    fireEvent.click(screen.getByRole('button', { name: /^Recreate/ }));
    expect(onChoose).toHaveBeenCalledWith('recreate');
  });

  it('asks before resetting, and resets only when confirmed', () => {
    const { onReset } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to preset' }));
    expect(onReset).not.toHaveBeenCalled();
    const confirm = screen.getByRole('group', { name: 'Confirm reset' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep my changes' }));
    expect(screen.queryByRole('group', { name: 'Confirm reset' })).toBeNull();
    expect(onReset).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Reset to preset' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset, dropping my changes' }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('offers no reset when the working scenario came from no preset', () => {
    setup({ presetId: null, scenarioName: 'imported' });
    expect(screen.queryByRole('button', { name: 'Reset to preset' })).toBeNull();
    expect(screen.getByText('imported')).toBeTruthy();
  });

  it('disables every card and marks the one loading while a preset loads', () => {
    setup({ busyId: 'recreate' });
    const cards = screen.getAllByRole('button').filter((b) => b.dataset.presetId);
    expect(cards.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    const busy = cards.filter((b) => b.getAttribute('aria-busy') === 'true');
    expect(busy.map((b) => b.dataset.presetId)).toEqual(['recreate']);
    expect(within(busy[0]!).getByText('loading…')).toBeTruthy();
  });

  it('shows a failed load as an alert', () => {
    setup({ error: 'The Deployment "web" is invalid: spec.replicas: Invalid value: -1' });
    expect(screen.getByRole('alert').textContent).toBe(
      'The Deployment "web" is invalid: spec.replicas: Invalid value: -1',
    );
  });

  it('renders lesson text as text, never as HTML', () => {
    setup({
      presets: [{ id: 'x', name: '<img src=x onerror=alert(1)>', description: '<b>bold</b>' }],
      presetId: null,
    });
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('<b>bold</b>')).toBeTruthy();
  });

  describe('in Simplified Chinese', () => {
    afterEach(() => setTestLanguage('en'));
    const translated: PresetSummary[] = [
      {
        ...(PRESETS[0] as PresetSummary),
        translations: { 'zh-CN': { name: 'Seed——nginx，10 个副本', description: '课程里的例子。' } },
      },
      PRESETS[2] as PresetSummary,
    ];

    it('lists each preset by its zh-CN name and lesson, English where it has none', () => {
      setTestLanguage('zh-CN');
      setup({ presets: translated });
      const items = within(screen.getByRole('list', { name: '预设' })).getAllByRole('button');
      expect(items.map((b) => b.textContent)).toEqual([
        'Seed——nginx，10 个副本当前课程里的例子。',
        'RecreateAll old pods go, then the new come.',
      ]);
    });

    it('names the working scenario in zh-CN while it is the unedited preset', () => {
      setTestLanguage('zh-CN');
      setup({ presets: translated });
      const working = screen.getByText('当前场景：').parentElement;
      expect(working?.textContent).toBe('当前场景： Seed——nginx，10 个副本');
      cleanup();
      setup({ presets: translated, presetId: null });
      expect(screen.getByText('当前场景：').parentElement?.textContent).toBe(
        '当前场景： Seed——nginx，10 个副本',
      );
      cleanup();
      setup({ presets: translated, scenarioName: 'my edit' });
      expect(screen.getByText(/来自预设“Seed——nginx，10 个副本”/)).toBeTruthy();
    });
  });
});

describe('upstreamIssues', () => {
  it.each([
    ['… Insufficient memory. kubernetes/kubernetes#64689', [64689]],
    ['… the next retry succeeds. kubernetes/kubernetes#89209, #98656', [89209, 98656]],
    ['(kubernetes/kubernetes#106417 asked it to refuse; it still does not)', [106417]],
    ['No issue here, only #12 of ours.', []],
  ])('reads the issues of %s', (text, ids) => {
    expect(upstreamIssues(text)).toEqual(ids);
  });
});

describe('PresetGallery upstream links', () => {
  it('links the kubernetes/kubernetes issues a lesson names, outside the card’s button', () => {
    setup({
      presets: [
        {
          id: 'quota-blocks-surge',
          name: 'Quota blocks the surge',
          description: 'The surge is refused. kubernetes/kubernetes#89209, #98656',
        },
      ],
    });
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['kubernetes/kubernetes#89209', 'https://github.com/kubernetes/kubernetes/issues/89209'],
      ['kubernetes/kubernetes#98656', 'https://github.com/kubernetes/kubernetes/issues/98656'],
    ]);
    expect(links[0]?.closest('button')).toBeNull();
  });
});
