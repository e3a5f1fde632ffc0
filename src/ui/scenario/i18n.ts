/**
 * The scenario dialogs' words in English and Simplified Chinese, as their own i18next namespace
 * (`scenario`) added to the page's instance on first use, so this folder owns its strings.
 * Messages that come from the simulator (API server and kubectl wording) stay as they are.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The namespace of these strings. */
export const SCENARIO_NS = 'scenario';

const en = {
  header: { scenarios: 'Scenarios', import: 'Import', export: 'Export' },
  dialog: { close: 'Close', closeTitle: 'Close (Escape)' },
  gallery: {
    title: 'Scenarios',
    description:
      'Built-in scenarios, each with the one thing it teaches. Your edits are saved in this browser.',
    loadingList: 'Loading the list of scenarios…',
    working: 'Working scenario:',
    none: '(none)',
    fromPreset: '— from the preset “{{name}}”',
    reset: 'Reset to preset',
    confirmLegend: 'Confirm reset',
    confirmText: 'Reset drops every change made to “{{name}}” (they are kept across reloads until then).',
    confirmReset: 'Reset, dropping my changes',
    keep: 'Keep my changes',
    list: 'Presets',
    current: 'current',
    loading: 'loading…',
    upstream: 'Upstream:',
    replaceNote: 'Choosing a preset replaces the working scenario; export it first to keep your changes.',
    loadFailed: 'The scenario could not be loaded.',
  },
  import: {
    title: 'Import',
    description:
      'Run your manifests on their own (the default) or add them to this scenario. A scenario file replaces the working one; Undo brings it back.',
    legend: 'Paste, drop or choose YAML',
    label: 'Manifests or scenario YAML',
    hint: 'Paste the output of kubectl get -o yaml or manifests (Deployments, DaemonSets, StatefulSets and pods are simulated; Services, ConfigMaps, Secrets, PersistentVolumeClaims, quotas, budgets, autoscalers and Namespaces are kept; Node documents become nodes; other kinds are listed and skipped), or a whole scenario file. Drop .yaml files here, or choose them:',
    modeLegend: 'What to do with the manifests',
    modeReplace: 'Replace the scenario',
    modeReplaceHint:
      'A new scenario named after the file: the current nodes, empty, with your documents. The running demo and its script go.',
    modeAdd: 'Add to this scenario',
    modeAddHint:
      'As kubectl apply -f: before the run starts they join the scenario and its script stays; later they are applied at the current tick.',
    invalid_one: 'Nothing was imported: 1 document has a problem.',
    invalid_other: 'Nothing was imported: {{count}} documents have problems.',
    chooseFiles: 'Choose YAML files to import',
    nothing: 'Nothing to import: paste a manifest or a scenario file, or choose a file.',
    imported: 'Imported.',
    failed: 'The import failed.',
    busy: 'Importing…',
    done: 'Done',
    submit: 'Import',
    noFile: 'No file was chosen.',
    tooLargeOne: 'The file {{name}} is {{size}}; Rollout Lab imports at most {{limit}} of YAML.',
    tooLargeMany: 'The {{count}} files are {{size}}; Rollout Lab imports at most {{limit}} of YAML.',
    unreadable: 'The file {{name}} could not be read: {{why}}',
  },
  export: {
    title: 'Export',
    description:
      'Save the working scenario to open it again (Import), or copy an object as kubectl prints it.',
    scenarioFile: 'Scenario file',
    download: 'Download {{file}}',
    copy: 'Copy YAML',
    saved: 'Saved {{file}}',
    copiedScenario: 'Copied the scenario YAML',
    copiedObject: 'Copied the {{what}} YAML',
    copyFailed: 'Could not copy ({{why}}). Select the text and press Ctrl+C.',
    loading: 'Loading…',
    empty: 'No scenario is loaded yet.',
    object: 'Object',
    atTick: 'at tick {{tick}}',
    noWorkload: 'No Deployment, DaemonSet or StatefulSet at this tick.',
  },
};

type Strings = typeof en;

const zhCN: Strings = {
  header: { scenarios: '场景', import: '导入', export: '导出' },
  dialog: { close: '关闭', closeTitle: '关闭（Esc）' },
  gallery: {
    title: '场景',
    description: '内置场景，每个讲清一个要点。你的修改会保存在本浏览器中。',
    loadingList: '正在加载场景列表…',
    working: '当前场景：',
    none: '（无）',
    fromPreset: '——来自预设“{{name}}”',
    reset: '重置为预设',
    confirmLegend: '确认重置',
    confirmText: '重置会丢弃对“{{name}}”的全部修改（在此之前，修改在刷新页面后仍会保留）。',
    confirmReset: '重置并丢弃我的修改',
    keep: '保留我的修改',
    list: '预设',
    current: '当前',
    loading: '加载中…',
    upstream: '上游 issue：',
    replaceNote: '选择预设会替换当前场景；如需保留修改，请先导出。',
    loadFailed: '无法加载该场景。',
  },
  import: {
    title: '导入',
    description: '单独运行你的清单（默认），或把它们加入当前场景。场景文件会替换当前场景；“撤销”可以找回。',
    legend: '粘贴、拖放或选择 YAML',
    label: '清单或场景 YAML',
    hint: '粘贴 kubectl get -o yaml 的输出或清单（模拟 Deployment、DaemonSet、StatefulSet 和 Pod；保留 Service、ConfigMap、Secret、PersistentVolumeClaim、配额、中断预算、自动扩缩器和 Namespace；Node 文档成为节点；其他类型会列出并跳过），或完整的场景文件。可把 .yaml 文件拖放到这里，或选择文件：',
    modeLegend: '如何处理这些清单',
    modeReplace: '替换当前场景',
    modeReplaceHint:
      '以文件名命名的新场景：沿用当前节点（清空），加上你的文档。正在运行的演示及其脚本都会移除。',
    modeAdd: '加入当前场景',
    modeAddHint: '与 kubectl apply -f 相同：运行开始前加入场景本身，脚本保留；之后在当前 tick 应用。',
    invalid_one: '没有导入任何内容：1 个文档有问题。',
    invalid_other: '没有导入任何内容：{{count}} 个文档有问题。',
    chooseFiles: '选择要导入的 YAML 文件',
    nothing: '没有可导入的内容：请粘贴清单或场景文件，或选择文件。',
    imported: '已导入。',
    failed: '导入失败。',
    busy: '正在导入…',
    done: '完成',
    submit: '导入',
    noFile: '没有选择文件。',
    tooLargeOne: '文件 {{name}} 大小为 {{size}}；Rollout Lab 最多导入 {{limit}} 的 YAML。',
    tooLargeMany: '这 {{count}} 个文件共 {{size}}；Rollout Lab 最多导入 {{limit}} 的 YAML。',
    unreadable: '无法读取文件 {{name}}：{{why}}',
  },
  export: {
    title: '导出',
    description: '保存当前场景，以后可再导入打开；或按 kubectl 的格式复制一个对象。',
    scenarioFile: '场景文件',
    download: '下载 {{file}}',
    copy: '复制 YAML',
    saved: '已保存 {{file}}',
    copiedScenario: '已复制场景 YAML',
    copiedObject: '已复制 {{what}} 的 YAML',
    copyFailed: '无法复制（{{why}}）。请选中文本后按 Ctrl+C。',
    loading: '加载中…',
    empty: '尚未加载场景。',
    object: '对象',
    atTick: '第 {{tick}} 个 tick',
    noWorkload: '此 tick 没有 Deployment、DaemonSet 或 StatefulSet。',
  },
};

/** SCENARIO_STRINGS: the bundles by language (tests compare their keys). */
export const SCENARIO_STRINGS: Record<'en' | 'zh-CN', Strings> = { en, 'zh-CN': zhCN };

/** ensureScenarioStrings adds the bundles to an initialised instance once (idempotent, cheap). */
export function ensureScenarioStrings(i18n: I18n = i18next): void {
  if (!i18n.isInitialized) return;
  for (const [lng, bundle] of Object.entries(SCENARIO_STRINGS)) {
    if (!i18n.hasResourceBundle(lng, SCENARIO_NS)) i18n.addResourceBundle(lng, SCENARIO_NS, bundle);
  }
}

/** useScenarioT is `t` of the scenario namespace in the reader's language. */
export function useScenarioT(): TFunction<typeof SCENARIO_NS> {
  const { t, i18n } = useTranslation(SCENARIO_NS);
  ensureScenarioStrings(i18n);
  return t;
}
