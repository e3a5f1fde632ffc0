// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/store.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LargeTextToggle } from './LargeTextToggle.tsx';
import { PresenterToggle } from './PresenterToggle.tsx';
import { ShareButton } from './ShareButton.tsx';
import { startUiPrefs, UI_PREFS_KEY } from './uiPrefs.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';

vi.mock('../../state/actions.ts', () => ({ shareUrl: () => 'https://example.test/#v1.abc&t=57' }));

afterEach(() => {
  cleanup();
  resetStore();
  localStorage.clear();
  document.documentElement.className = '';
});

describe('ShareButton', () => {
  it('copies the share URL and says so', async () => {
    const copy = vi.fn(async () => {});
    renderWithStore(<ShareButton copy={copy} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    expect(copy).toHaveBeenCalledWith('https://example.test/#v1.abc&t=57');
    expect(screen.getByRole('status').textContent).toBe('Link copied');
  });

  it('shows the link to copy by hand when the clipboard is refused', async () => {
    renderWithStore(<ShareButton copy={() => Promise.reject(new Error('denied'))} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('https://example.test/#v1.abc&t=57');
  });
});

describe('LanguageSwitch', () => {
  it('chooses the language (so it goes into the share URL)', () => {
    renderWithStore(<LanguageSwitch />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'zh-CN' } });
    expect(appStore.getState()).toMatchObject({ language: 'zh-CN', languageChosen: true });
  });
});

describe('large text', () => {
  it('toggles large-text mode, remembers it and applies it to <html>', () => {
    const stop = startUiPrefs(appStore);
    renderWithStore(<LargeTextToggle />);
    const button = screen.getByRole('button', { name: 'Large text' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.classList.contains('large-text')).toBe(true);
    expect(JSON.parse(localStorage.getItem(UI_PREFS_KEY) ?? '{}')).toMatchObject({ largeText: true });
    stop();
  });

  it('restores large text and the dismissed Expectations intro on the next visit', () => {
    localStorage.setItem(UI_PREFS_KEY, JSON.stringify({ largeText: true, expectationsIntroSeen: true }));
    const stop = startUiPrefs(appStore);
    expect(appStore.getState()).toMatchObject({ largeText: true, expectationsIntroSeen: true });
    expect(document.documentElement.classList.contains('large-text')).toBe(true);
    stop();
  });
});

describe('PresenterToggle', () => {
  it('switches the presenter layout on <html> without remembering it', () => {
    const stop = startUiPrefs(appStore);
    renderWithStore(<PresenterToggle />);
    const button = screen.getByRole('button', { name: 'Presenter mode' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.classList.contains('presenter')).toBe(true);
    expect(localStorage.getItem(UI_PREFS_KEY)).toBeNull();
    fireEvent.click(button);
    expect(document.documentElement.classList.contains('presenter')).toBe(false);
    stop();
  });
});

describe('uiPrefs in an embedded page', () => {
  it('follows the link without overwriting the reader’s saved choice', () => {
    localStorage.setItem(UI_PREFS_KEY, JSON.stringify({ largeText: false }));
    const stop = startUiPrefs(appStore);
    act(() => {
      appStore.getState().setEmbed(true);
      appStore.getState().setLargeText(true);
    });
    expect(document.documentElement.classList.contains('embed')).toBe(true);
    expect(document.documentElement.classList.contains('large-text')).toBe(true);
    expect(JSON.parse(localStorage.getItem(UI_PREFS_KEY) ?? '{}')).toEqual({ largeText: false });
    stop();
  });
});

describe('UpdatePrompt', () => {
  it.each([
    ['en', 'A new version of Rollout Lab is ready.', 'Reload', 'Later'],
    ['zh-CN', 'Rollout Lab 有新版本可用。', '重新加载', '稍后'],
  ] as const)('says a new version waits, in %s, and reloads or waits', (language, text, reload, later) => {
    const onReload = vi.fn();
    renderWithStore(<UpdatePrompt onReload={onReload} />, {}, language);
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => appStore.getState().setUpdateReady(true));
    expect(screen.getByRole('status').textContent).toContain(text);
    fireEvent.click(screen.getByRole('button', { name: reload }));
    expect(onReload).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: later }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });
});
