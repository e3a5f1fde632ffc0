// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmFork } from '../../state/forkGuard.ts';
import { appStore } from '../../state/store.ts';
import type { ActionView, ImageBehaviourView } from '../../worker/protocol.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { EDIT_STRINGS } from './i18n.ts';
import { ForkConfirm } from './ForkConfirm.tsx';
import { ImageBehaviourButton } from './ImageBehaviourButton.tsx';
import { isTextField, isUndoKey, UndoButton } from './UndoButton.tsx';

const editActions = vi.hoisted(() => ({
  undo: vi.fn(async () => true),
  setImageBehaviours: vi.fn(async (_images: unknown) => ({ ok: true })),
}));
vi.mock('../../state/editActions.ts', () => editActions);

afterEach(() => {
  cleanup();
  resetStore();
  vi.clearAllMocks();
});

const DROPPED: ActionView[] = [
  { at: 30, kubectl: 'set image deployment/web nginx=nginx:1.9.3', apply: null, request: null, node: null },
  { at: 60, kubectl: null, apply: null, request: null, node: { name: 'node-2', op: 'fault' } },
  { at: 90, kubectl: null, apply: 'Deployment/api', request: null, node: null },
];

describe('ForkConfirm', () => {
  /** ask raises the warning as a change at tick 120 would, and returns the reader's answer. */
  function ask(): Promise<boolean> {
    appStore.setState({ tick: 120 });
    return confirmFork(async () => ({ kind: 'actions', actions: DROPPED }), appStore);
  }

  it('lists the scripted actions the change drops and goes ahead on the reader’s yes', async () => {
    renderWithStore(<ForkConfirm />);
    const answer = ask();
    const dialog = await screen.findByRole('dialog', { name: 'This change drops the script after tick 120' });
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'at 30 skubectl set image deployment/web nginx=nginx:1.9.3',
      'at 60 snode node-2 goes NotReady',
      'at 90 skubectl apply (Deployment/api)',
    ]);
    expect(document.activeElement?.textContent).toBe('Keep the script');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Drop them and apply my change' }));
    expect(await answer).toBe(true);
    expect(appStore.getState().pendingFork).toBeNull();
  });

  it('keeps the script when the reader says so', async () => {
    renderWithStore(<ForkConfirm />);
    const answer = ask();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep the script' }));
    expect(await answer).toBe(false);
  });

  it('asks nothing before the run or when nothing would be dropped', async () => {
    const request = vi.fn(async () => ({ kind: 'actions' as const, actions: [] }));
    appStore.setState({ tick: 0 });
    expect(await confirmFork(request, appStore)).toBe(true);
    expect(request).not.toHaveBeenCalled();
    appStore.setState({ tick: 5 });
    expect(await confirmFork(request, appStore)).toBe(true);
    expect(appStore.getState().pendingFork).toBeNull();
  });

  it('speaks Simplified Chinese', async () => {
    renderWithStore(<ForkConfirm />, {}, 'zh-CN');
    void ask();
    expect(await screen.findByRole('dialog', { name: '此修改会丢弃第 120 个 tick 之后的脚本' })).toBeTruthy();
    expect(screen.getByText('节点 node-2 变为 NotReady')).toBeTruthy();
  });
});

describe('UndoButton', () => {
  it('is disabled with nothing to undo, and says where it goes back to', () => {
    renderWithStore(<UndoButton />);
    const button = screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    act(() => appStore.getState().pushUndo({ text: 'x', presetId: 'seed', tick: 57, name: 'Seed' }));
    expect(button.disabled).toBe(false);
    expect(button.title).toBe('Undo: back to “Seed” at tick 57 (Ctrl+Z)');
    fireEvent.click(button);
    expect(editActions.undo).toHaveBeenCalledOnce();
  });

  it('undoes on Ctrl+Z and Cmd+Z outside text fields, and leaves a text box its own undo', () => {
    renderWithStore(
      <>
        <UndoButton />
        <input aria-label="text" />
        <input aria-label="slider" type="range" />
      </>,
    );
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'z', metaKey: true });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'z', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(editActions.undo).toHaveBeenCalledTimes(2);
  });

  it.each<[string, Partial<KeyboardEvent>, boolean]>([
    ['Ctrl+Z', { key: 'z', ctrlKey: true }, true],
    ['Cmd+Z', { key: 'Z', metaKey: true }, true],
    ['Ctrl+Shift+Z (redo)', { key: 'z', ctrlKey: true, shiftKey: true }, false],
    ['Z alone', { key: 'z' }, false],
  ])('reads %s', (_what, e, want) => {
    expect(isUndoKey({ ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, key: '', ...e })).toBe(
      want,
    );
  });

  it('tells text fields from other inputs', () => {
    const make = (html: string) => {
      const box = document.createElement('div');
      box.innerHTML = html;
      return box.firstElementChild;
    };
    expect(isTextField(make('<textarea></textarea>'))).toBe(true);
    expect(isTextField(make('<input type="number">'))).toBe(true);
    expect(isTextField(make('<input type="range">'))).toBe(false);
    expect(isTextField(make('<select></select>'))).toBe(false);
  });
});

const ROWS: ImageBehaviourView[] = [
  {
    image: 'nginx:1.8',
    used: true,
    spec: {},
    effective: {
      pullSeconds: 1,
      startSeconds: 1,
      readySeconds: [1, 4],
      pull: 'ok',
      crash: false,
      ready: 'ok',
      preStopSeconds: 0,
    },
  },
  {
    image: 'nginx:broken',
    used: true,
    spec: { pull: 'fail' },
    effective: {
      pullSeconds: 1,
      startSeconds: 1,
      readySeconds: [1, 4],
      pull: 'fail',
      crash: false,
      ready: 'ok',
      preStopSeconds: 0,
    },
  },
  {
    image: 'default',
    used: false,
    spec: {},
    effective: {
      pullSeconds: 1,
      startSeconds: 1,
      readySeconds: [1, 4],
      pull: 'ok',
      crash: false,
      ready: 'ok',
      preStopSeconds: 0,
    },
  },
];

describe('ImageBehaviourButton', () => {
  /** open clicks the button; the editor loads on first use, so it is awaited. */
  function open(): Promise<HTMLElement> {
    renderWithStore(<ImageBehaviourButton className="" />, { scenarioImages: ROWS });
    fireEvent.click(screen.getByRole('button', { name: 'Image behaviour…' }));
    return screen.findByRole('dialog', { name: 'Image behaviour' });
  }

  it('lists each image with its times and switches, the defaults stated', async () => {
    const dialog = await open();
    expect(within(dialog).getByTestId('image-defaults').textContent).toMatch(
      /pull 1 s, start 1 s, Ready 1–4 s/,
    );
    const pull = within(dialog).getByRole('textbox', { name: 'Pull (s): nginx:1.8' }) as HTMLInputElement;
    expect([pull.value, pull.placeholder]).toEqual(['', '1']);
    expect(
      (
        within(dialog).getByRole('textbox', {
          name: 'Ready after (s): every other image',
        }) as HTMLInputElement
      ).placeholder,
    ).toBe('1-4');
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Pull fails: nginx:broken' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it('applies the behaviours as cluster.images', async () => {
    const dialog = await open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Pull (s): nginx:1.8' }), {
      target: { value: '5' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Ready after (s): nginx:1.8' }), {
      target: { value: '20-25' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Crashes: nginx:broken' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(editActions.setImageBehaviours).toHaveBeenCalledWith({
        'nginx:1.8': { pullSeconds: 5, readySeconds: [20, 25] },
        'nginx:broken': { pull: 'fail', crash: true },
      }),
    );
  });

  it('says which field it cannot read, and the worker’s message for a refused value', async () => {
    const dialog = await open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Start (s): nginx:1.8' }), {
      target: { value: 'soon' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'nginx:1.8: “soon” is not a time in seconds (2) or a range (1-4)',
    );
    expect(editActions.setImageBehaviours).not.toHaveBeenCalled();
    editActions.setImageBehaviours.mockResolvedValueOnce({
      ok: false,
      message: 'cluster.images["nginx:1.8"].readySeconds: …',
    } as never);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Start (s): nginx:1.8' }), {
      target: { value: '2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toMatch(/^cluster\.images/));
  });

  it('edits how each image’s application answers requests, the defaults stated', async () => {
    const dialog = await open();
    const apps = within(dialog).getByRole('table', { name: /^Application\./ });
    const sigterm = within(apps).getByRole('combobox', {
      name: 'At SIGTERM: nginx:1.8',
    }) as HTMLSelectElement;
    expect([sigterm.value, sigterm.options[0]?.textContent]).toEqual(['', 'default (exit)']);
    const rps = within(apps).getByRole('textbox', { name: 'Max rps per pod: nginx:1.8' }) as HTMLInputElement;
    expect(rps.placeholder).toBe('no limit');
    expect(
      (within(apps).getByRole('textbox', { name: 'Request (ms): every other image' }) as HTMLInputElement)
        .placeholder,
    ).toBe('20');
    fireEvent.change(sigterm, { target: { value: 'drain' } });
    fireEvent.change(rps, { target: { value: 'lots' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'nginx:1.8: “lots” is not a number above 0',
    );
    fireEvent.change(rps, { target: { value: '50' } });
    fireEvent.change(within(apps).getByRole('textbox', { name: 'Request (ms): nginx:broken' }), {
      target: { value: '100' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(editActions.setImageBehaviours).toHaveBeenCalledWith({
        'nginx:1.8': { onSigterm: 'drain', maxRps: 50 },
        'nginx:broken': { pull: 'fail', requestMs: 100 },
      }),
    );
  });
});

describe('EDIT_STRINGS', () => {
  const leaves = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`),
    );

  it('has the same keys in English and Chinese', () => {
    expect(leaves(EDIT_STRINGS['zh-CN'])).toEqual(leaves(EDIT_STRINGS.en));
  });

  it('holds every key this folder and the Controls ask for', () => {
    const files = [
      ...readdirSync('src/ui/edit')
        .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
        .map((f) => `src/ui/edit/${f}`),
      'src/ui/controls/ControlsPanel.tsx',
    ];
    const used = new Set<string>();
    for (const f of files)
      for (const m of readFileSync(f, 'utf8').matchAll(/\bte?\(\s*[`']([a-zA-Z]+\.[\w.]+)[`']/g))
        used.add(m[1] as string);
    const known = new Set(leaves(EDIT_STRINGS.en));
    const edit = [...used].filter(
      (k) => ['undo', 'fork', 'images'].includes(k.split('.')[0] ?? '') || k === 'controls.beforeRun',
    );
    expect(edit.length).toBeGreaterThan(15);
    expect(edit.filter((k) => !known.has(k))).toEqual([]);
  });
});
