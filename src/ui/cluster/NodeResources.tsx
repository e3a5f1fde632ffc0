import type { NodeView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';

const Ki = 1024;
const Mi = Ki * 1024;
const Gi = Mi * 1024;

/** formatCpu prints millicores as kubectl does for requests: `750m`, `2`, `1500m`. */
export function formatCpu(milli: number): string {
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}

/** formatMemory prints bytes in binary units, exact when it can be (`2Gi`, `1536Mi`), else to one decimal. */
export function formatMemory(bytes: number): string {
  if (bytes === 0) return '0';
  for (const [unit, size] of [
    ['Gi', Gi],
    ['Mi', Mi],
    ['Ki', Ki],
  ] as const) {
    if (bytes % size === 0) return `${bytes / size}${unit}`;
  }
  if (bytes >= Gi) return `${(bytes / Gi).toFixed(1)}Gi`;
  if (bytes >= Mi) return `${(bytes / Mi).toFixed(1)}Mi`;
  return String(bytes);
}

/** percentOf is kubectl describe's whole percentage (truncated); 0 when nothing is allocatable. */
export function percentOf(used: number, total: number): number {
  return total > 0 ? Math.trunc((used / total) * 100) : 0;
}

interface MeterProps {
  label: string;
  short: string;
  used: number;
  total: number;
  text: string;
}

function Meter({ label, short, used, total, text }: MeterProps) {
  const pct = percentOf(used, total);
  const full = pct >= 90;
  return (
    <div className="flex flex-col text-[0.7rem] leading-4 text-slate-700 dark:text-slate-300">
      <div className="flex items-baseline justify-between gap-1">
        <span className="font-medium">{short}</span>
        <span className="truncate font-mono tabular-nums">{text}</span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: <meter> cannot be styled alike in every browser */}
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(used, total)}
        aria-valuetext={text}
        className="h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className={`h-full rounded-full ${full ? 'bg-orange' : 'bg-accent'}`}
          style={{ width: `${Math.min(100, total > 0 ? (used / total) * 100 : 0)}%` }}
        />
      </div>
    </div>
  );
}

/**
 * NodeResources shows what the node's pods request against its allocatable, cpu and memory, as
 * the scheduler counts them (terminating pods included): a bar each and `750m / 4 (18%)`.
 */
export function NodeResources({ node }: { node: NodeView }) {
  const t = useT();
  const { allocatable: a, requested: r } = node;
  if (a.cpuMilli === 0 && a.memoryBytes === 0) return null;
  const cpuText = t('cluster.requestsOf', {
    used: formatCpu(r.cpuMilli),
    total: formatCpu(a.cpuMilli),
    percent: percentOf(r.cpuMilli, a.cpuMilli),
  });
  const memText = t('cluster.requestsOf', {
    used: formatMemory(r.memoryBytes),
    total: formatMemory(a.memoryBytes),
    percent: percentOf(r.memoryBytes, a.memoryBytes),
  });
  return (
    <div className="flex flex-col gap-1" data-testid="node-resources">
      <Meter
        label={t('cluster.cpuRequests')}
        short="cpu"
        used={r.cpuMilli}
        total={a.cpuMilli}
        text={cpuText}
      />
      <Meter
        label={t('cluster.memoryRequests')}
        short={t('cluster.memShort')}
        used={r.memoryBytes}
        total={a.memoryBytes}
        text={memText}
      />
    </div>
  );
}
