/** Module-scope selectors: one per field, so a panel re-renders only when its slice changes. */
import type { AppState } from './store.ts';
import type { Theme } from './themeSlice.ts';

export const workerStatusSelector = (s: AppState) => s.workerStatus;
export const liveSelector = (s: AppState) => s.live;
export const kubernetesVersionSelector = (s: AppState) => s.kubernetesVersion;
export const workerErrorSelector = (s: AppState) => s.workerError;

/** themeSelector is the theme in force: the reader's choice, else the system's. */
export const themeSelector = (s: AppState): Theme => s.themeChoice ?? s.systemTheme;

// SimSlice
export const simStatusSelector = (s: AppState) => s.simStatus;
export const simErrorSelector = (s: AppState) => s.simError;
export const scenarioNameSelector = (s: AppState) => s.scenarioName;
export const scenarioDescriptionSelector = (s: AppState) => s.scenarioDescription;
export const scenarioTextSelector = (s: AppState) => s.scenarioText;
export const presetIdSelector = (s: AppState) => s.presetId;
export const presetsSelector = (s: AppState) => s.presets;
export const defaultPresetIdSelector = (s: AppState) => s.defaultPresetId;
export const shareHashSelector = (s: AppState) => s.shareHash;
export const scenarioRevisionSelector = (s: AppState) => s.scenarioRevision;
export const recordingSelector = (s: AppState) => s.recording;
export const recordingNoteSelector = (s: AppState) => s.recordingNote;
export const scenarioMessageSelector = (s: AppState) => s.scenarioMessage;
export const tickSelector = (s: AppState) => s.tick;
export const frameTickSelector = (s: AppState) => s.frameTick;
export const totalTicksSelector = (s: AppState) => s.totalTicks;
export const timeSelector = (s: AppState) => s.time;
export const endTimeSelector = (s: AppState) => s.endTime;
export const lastChangeTimeSelector = (s: AppState) => s.lastChangeTime;
export const playingSelector = (s: AppState) => s.playing;
export const speedSelector = (s: AppState) => s.speed;
export const nodesSelector = (s: AppState) => s.nodes;
export const podsSelector = (s: AppState) => s.pods;
export const podsPackedSelector = (s: AppState) => s.podsPacked;
export const podCountSelector = (s: AppState) => s.podCount;
export const workloadsSelector = (s: AppState) => s.workloads;
export const replicaSetsSelector = (s: AppState) => s.replicaSets;
export const expectationsSelector = (s: AppState) => s.expectations;
export const queuesSelector = (s: AppState) => s.queues;
export const backoffsSelector = (s: AppState) => s.backoffs;
export const tickViewSelector = (s: AppState) => s.tickView;
export const recentTicksSelector = (s: AppState) => s.recentTicks;
export const seriesSelector = (s: AppState) => s.series;
export const markersSelector = (s: AppState) => s.markers;
export const rolloutsSelector = (s: AppState) => s.rollouts;
/** Every Service's traffic lines over the recording; [] when the scenario has no traffic. */
export const trafficSelector = (s: AppState) => s.traffic;
export const hasTrafficSelector = (s: AppState) => s.traffic.length > 0;
export const watchSelector = (s: AppState) => s.watch;
export const consoleLogSelector = (s: AppState) => s.consoleLog;

// UiSlice
export const selectedPodSelector = (s: AppState) => s.selectedPod;
export const explainFilterSelector = (s: AppState) => s.explainFilter;
export const watchTabSelector = (s: AppState) => s.watchTab;
export const languageSelector = (s: AppState) => s.language;
export const languageChosenSelector = (s: AppState) => s.languageChosen;
export const largeTextSelector = (s: AppState) => s.largeText;
export const expectationsIntroSeenSelector = (s: AppState) => s.expectationsIntroSeen;
export const presenterSelector = (s: AppState) => s.presenter;
export const embedSelector = (s: AppState) => s.embed;
export const updateReadySelector = (s: AppState) => s.updateReady;

// EditSlice
export const scenarioWorkloadsSelector = (s: AppState) => s.scenarioWorkloads;
export const scenarioImagesSelector = (s: AppState) => s.scenarioImages;
export const undoStackSelector = (s: AppState) => s.undoStack;
export const pendingForkSelector = (s: AppState) => s.pendingFork;

/** selectedPodViewSelector is the selected pod's view (small clusters only), or null. */
export const selectedPodViewSelector = (s: AppState) =>
  s.selectedPod === null ? null : (s.pods.find((p) => p.name === s.selectedPod) ?? null);

// LessonSlice
export const lessonSelector = (s: AppState) => s.lesson;
export const lessonOpenSelector = (s: AppState) => s.lessonOpen;
export const lessonStepSelector = (s: AppState) => s.lessonStep;
export const lessonPointsSelector = (s: AppState) => s.lessonPoints;
export const blankSelector = (s: AppState) => s.blank;
