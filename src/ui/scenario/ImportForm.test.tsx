// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from './testI18n.ts';
import { ImportForm, type ImportOutcome } from './ImportForm.tsx';

setTestLanguage('en');
afterEach(cleanup);

const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n';
const SERVICE = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n';
const REPLACE = { mode: 'replace', fileName: null };

function setup(answer: (text: string) => Promise<ImportOutcome>) {
  const onImport = vi.fn(answer);
  const onDone = vi.fn();
  render(<ImportForm onImport={onImport} onDone={onDone} />);
  const box = screen.getByRole('textbox') as HTMLTextAreaElement;
  return { onImport, onDone, box };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('ImportForm', () => {
  it('names the text box for screen readers', () => {
    setup(async () => ({ ok: true }));
    expect(screen.getByRole('textbox', { name: 'Manifests or scenario YAML' })).toBeTruthy();
  });

  it('imports the pasted text and shows the ignored note', async () => {
    const note = 'Ignored 1 document: Service "web" (Rollout Lab simulates Deployment and DaemonSet)';
    const { onImport, onDone, box } = setup(async () => ({
      ok: true,
      message: 'Imported Deployment "web"',
      ignored: note,
    }));
    fireEvent.change(box, { target: { value: `${DEPLOYMENT}---\n${SERVICE}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const status = await screen.findByRole('status');
    expect(onImport).toHaveBeenCalledWith(`${DEPLOYMENT}---\n${SERVICE}`, REPLACE);
    expect(status.textContent).toBe(`Imported Deployment "web"${note}`);
    expect(screen.getByTestId('import-ignored').textContent).toBe(note);
    expect(box.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the one message and keeps the text when the import fails', async () => {
    const message = 'Document 1: The Deployment "web" is invalid: spec.selector: Required value';
    const { box } = setup(async () => ({ ok: false, message }));
    fireEvent.change(box, { target: { value: DEPLOYMENT } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(box.value).toBe(DEPLOYMENT);
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
  });

  it('shows a thrown error as the message', async () => {
    const { box } = setup(() => Promise.reject(new Error('the simulator stopped')));
    fireEvent.change(box, { target: { value: DEPLOYMENT } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe('the simulator stopped');
  });

  it('asks for text instead of importing nothing', async () => {
    const { onImport } = setup(async () => ({ ok: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Nothing to import/);
    expect(onImport).not.toHaveBeenCalled();
  });

  it('waits with the Import button disabled while the import runs', async () => {
    const d = deferred<ImportOutcome>();
    const { box } = setup(() => d.promise);
    fireEvent.change(box, { target: { value: DEPLOYMENT } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const button = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Importing…')).toBeTruthy();
    await act(async () => d.resolve({ ok: true }));
    expect(button.disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Imported.');
  });

  it('imports with Ctrl+Enter in the text box', async () => {
    const { onImport, box } = setup(async () => ({ ok: true }));
    fireEvent.change(box, { target: { value: DEPLOYMENT } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onImport).toHaveBeenCalledWith(DEPLOYMENT, REPLACE));
  });

  it('imports the chosen files joined as documents', async () => {
    const { onImport, box } = setup(async () => ({ ok: true }));
    const input = screen.getByLabelText('Choose YAML files to import') as HTMLInputElement;
    const files = [new File([DEPLOYMENT], 'web.yaml'), new File([SERVICE], 'svc.yaml')];
    fireEvent.change(input, { target: { files } });
    await waitFor(() =>
      expect(onImport).toHaveBeenCalledWith(`${DEPLOYMENT.trimEnd()}\n---\n${SERVICE.trimEnd()}`, REPLACE),
    );
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(box.value).toBe('');
  });

  it('imports files dropped on the zone and shows the zone as a target while dragging', async () => {
    const { onImport } = setup(async () => ({ ok: true }));
    const zone = screen.getByTestId('import-drop-zone');
    const dataTransfer = {
      types: ['Files'],
      files: [new File([DEPLOYMENT], 'web.yaml')],
      dropEffect: 'none',
    };
    fireEvent.dragOver(zone, { dataTransfer });
    expect(zone.dataset.dragging).toBe('true');
    fireEvent.drop(zone, { dataTransfer });
    expect(zone.dataset.dragging).toBeUndefined();
    await waitFor(() =>
      expect(onImport).toHaveBeenCalledWith(DEPLOYMENT.trimEnd(), { mode: 'replace', fileName: 'web.yaml' }),
    );
  });

  it('refuses a file that is too large without importing it', async () => {
    const { onImport } = setup(async () => ({ ok: true }));
    const input = screen.getByLabelText('Choose YAML files to import') as HTMLInputElement;
    const big = new File(['x'.repeat(1024 * 1024 + 1)], 'huge.yaml');
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The file huge\.yaml is 1\.0 MiB/);
    expect(onImport).not.toHaveBeenCalled();
  });

  it('replaces the scenario by default and adds to it when the reader picks Add', async () => {
    const { onImport, box } = setup(async () => ({ ok: true }));
    const replace = screen.getByRole('radio', { name: /Replace the scenario/ }) as HTMLInputElement;
    expect(replace.checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Add to this scenario/ }));
    fireEvent.change(box, { target: { value: DEPLOYMENT } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onImport).toHaveBeenCalledWith(DEPLOYMENT, { mode: 'add', fileName: null }));
  });

  it('names a replacing scenario after the one file chosen', async () => {
    const { onImport } = setup(async () => ({ ok: true }));
    const input = screen.getByLabelText('Choose YAML files to import') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([DEPLOYMENT], 'checkout-api.yaml')] } });
    await waitFor(() =>
      expect(onImport).toHaveBeenCalledWith(DEPLOYMENT.trimEnd(), {
        mode: 'replace',
        fileName: 'checkout-api.yaml',
      }),
    );
  });

  it('lists every bad document under a count, and keeps the text', async () => {
    const lines = [
      'Document 2: The Deployment "x" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      'Document 3: The Node "Bad_Node" is invalid: metadata.name: Invalid value: "Bad_Node": …',
    ];
    const { box } = setup(async () => ({ ok: false, message: lines.join('\n') }));
    fireEvent.change(box, { target: { value: DEPLOYMENT } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nothing was imported: 2 documents have problems.');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(lines);
    expect(box.value).toBe(DEPLOYMENT);
  });

  it('goes back to the form, text kept, when the reader cancels at the fork warning', async () => {
    const { box } = setup(async () => ({ ok: false, cancelled: true }));
    fireEvent.change(box, { target: { value: DEPLOYMENT } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box.value).toBe(DEPLOYMENT);
  });

  it('shows imported text as text, never as HTML', async () => {
    const { box } = setup(async (text) => ({ ok: false, message: `bad: ${text}` }));
    fireEvent.change(box, { target: { value: '<img src=x onerror=alert(1)>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe('bad: <img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('ImportForm in Chinese', () => {
  afterEach(() => setTestLanguage('en'));

  it('speaks the reader’s language, and words a refused file in it', async () => {
    setTestLanguage('zh-CN');
    setup(async () => ({ ok: true }));
    expect(screen.getByRole('textbox', { name: '清单或场景 YAML' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '导入' })).toBeTruthy();
    const input = screen.getByLabelText('选择要导入的 YAML 文件') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'.repeat(1024 * 1024 + 1)], 'huge.yaml')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      '文件 huge.yaml 大小为 1.0 MiB；Rollout Lab 最多导入 1.0 MiB 的 YAML。',
    );
  });
});
