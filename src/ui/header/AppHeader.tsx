import { UndoButton } from '../edit/UndoButton.tsx';
import { ViewSwitch } from '../compare/ViewSwitch.tsx';
import { LessonsButton } from '../lesson/LessonsButton.tsx';
import { ScenarioControls } from '../scenario/ScenarioControls.tsx';
import { Banners } from './Banners.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LargeTextToggle } from './LargeTextToggle.tsx';
import { LiveBadge } from './LiveBadge.tsx';
import { PresenterToggle } from './PresenterToggle.tsx';
import { ShareButton } from './ShareButton.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { VersionBadge } from './VersionBadge.tsx';

/**
 * AppHeader carries the product name, the simulated Kubernetes version, Undo, the scenario
 * buttons (Scenarios, Import, Export, Share), the language, large-text, presenter and theme
 * switches.
 */
export function AppHeader() {
  return (
    <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-300 bg-white px-3 py-1.5 sm:gap-x-3 sm:px-4 dark:border-slate-700 dark:bg-slate-900">
      <Logo />
      <h1 className="whitespace-nowrap text-lg font-bold tracking-tight text-slate-900 dark:text-white">
        Rollout Lab
      </h1>
      <VersionBadge />
      <LiveBadge />
      <ViewSwitch />
      <div className="header-actions ml-auto flex flex-wrap items-center gap-2">
        <UndoButton />
        <LessonsButton />
        <ScenarioControls />
        <ShareButton />
        <LanguageSwitch />
        <LargeTextToggle />
        <PresenterToggle />
        <ThemeToggle />
      </div>
      <Banners />
    </header>
  );
}

/** Logo: a rollout in three pods, old (vermillion square) giving way to new (bluish-green circles). */
export function Logo() {
  return (
    <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
      <rect x="1" y="11" width="9" height="10" rx="2" className="fill-vermillion" />
      <circle cx="16" cy="16" r="5" className="fill-bluish-green" />
      <circle cx="26.5" cy="16" r="5" className="fill-bluish-green" />
    </svg>
  );
}
