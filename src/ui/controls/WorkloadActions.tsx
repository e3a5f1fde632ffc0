import { useId, useMemo, useState } from 'react';
import { addNode, nodeFault, runKubectl, setWorkloadField } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import { nodesSelector, scenarioTextSelector } from '../../state/selectors.ts';
import { namespaceFlag, objectRef, type WorkloadView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { FieldError } from './NumberField.tsx';
import { scenarioImages } from './scenarioImages.ts';

export const BUTTON =
  'h-7 rounded-md border border-slate-300 px-2 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';
const INPUT =
  'h-7 rounded border border-slate-300 bg-white px-1 font-mono text-sm dark:border-slate-600 dark:bg-slate-800';

/**
 * WorkloadActions: set image (before the run, the manifest's image), pause/resume, undo, restart,
 * add node and node faults, as kubectl would do them.
 */
export function WorkloadActions({ workload: w }: { workload: WorkloadView }) {
  const t = useT();
  const imageId = useId();
  const listId = useId();
  const nodes = useAppStore(nodesSelector);
  const text = useAppStore(scenarioTextSelector);
  const [container, current] = (w.images[0] ?? '=').split('=') as [string, string];
  const [image, setImage] = useState('');
  const [nodeName, setNodeName] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  // The scenario's other images, read when the box is first focused for this scenario text: the
  // YAML parser is a chunk of its own, and parsing at every load was 87 ms of the main thread
  // before the first frame of a preset (the datalist only shows once the box has focus).
  const [named, setNamed] = useState<{ text: string; list: string[] } | null>(null);
  const offerImages = () => {
    if (named?.text !== text) void scenarioImages(text).then((list) => setNamed({ text, list }));
  };
  const images = useMemo(
    () => [...new Set([current, ...(named?.text === text ? named.list : [])])].filter(Boolean),
    [current, named, text],
  );
  const resource = `${w.kind.toLowerCase()}/${w.name}`;
  // Every command names the workload's namespace, as kubectl needs it.
  const ns = namespaceFlag(w.namespace);
  const node = nodes.find((n) => n.name === nodeName) ?? nodes[0];

  const run = async (
    result: Promise<{ ok: boolean; message?: string; output?: string; cancelled?: boolean }>,
  ) => {
    const r = await result;
    if (r.cancelled) return;
    setMessage(r.ok ? null : (r.message ?? r.output ?? 'refused'));
  };

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-1.5">
        <label htmlFor={imageId} className="text-sm">
          {t('controls.image', { container })}
        </label>
        <input
          id={imageId}
          list={listId}
          value={image}
          placeholder={current}
          onChange={(e) => setImage(e.target.value)}
          onFocus={offerImages}
          className={`${INPUT} w-36`}
        />
        <datalist id={listId}>
          {images.map((img) => (
            <option key={img} value={img} />
          ))}
        </datalist>
        <button
          type="button"
          className={BUTTON}
          disabled={image.trim() === ''}
          onClick={() => void run(setWorkloadField(objectRef(w), 'image', `${container}=${image.trim()}`))}
        >
          {t('controls.setImage')}
        </button>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {w.kind === 'Deployment' ? (
          <button
            type="button"
            className={BUTTON}
            onClick={() => void run(runKubectl(`rollout ${w.paused ? 'resume' : 'pause'} ${resource}${ns}`))}
          >
            {w.paused ? t('controls.rolloutResume') : t('controls.rolloutPause')}
          </button>
        ) : null}
        <button
          type="button"
          className={BUTTON}
          onClick={() => void run(runKubectl(`rollout undo ${resource}${ns}`))}
        >
          {t('controls.rolloutUndo')}
        </button>
        <button
          type="button"
          className={BUTTON}
          onClick={() => void run(runKubectl(`rollout restart ${resource}${ns}`))}
        >
          {t('controls.rolloutRestart')}
        </button>
        <button type="button" className={BUTTON} onClick={() => void run(addNode())}>
          {t('controls.addNode')}
        </button>
        {node ? (
          <span className="flex items-center gap-1">
            <select
              aria-label={t('controls.faultNode')}
              value={node.name}
              onChange={(e) => setNodeName(e.target.value)}
              className={INPUT}
            >
              {nodes.map((n) => (
                <option key={n.name} value={n.name}>
                  {n.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={BUTTON}
              onClick={() => void run(nodeFault(node.name, !node.ready))}
            >
              {node.ready ? t('controls.nodeNotReady') : t('controls.nodeReady')}
            </button>
          </span>
        ) : null}
      </div>
      <FieldError message={message} />
    </div>
  );
}
