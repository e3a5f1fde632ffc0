// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { browserLanguage, i18next, startI18n } from '../../src/i18n/index.ts';
import { createAppStore } from '../../src/state/store.ts';

afterEach(() => {
  void i18next.changeLanguage('en');
});

describe('browserLanguage', () => {
  it.each([
    [['zh-CN', 'en'], 'zh-CN'],
    [['zh-TW'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['en-GB', 'zh-CN'], 'en'],
    [['fr-FR', 'zh-CN'], 'zh-CN'],
    [['fr-FR'], 'en'],
    [[], 'en'],
  ] as const)('maps %j to %s', (preferred, language) => {
    expect(browserLanguage(preferred)).toBe(language);
  });
});

describe('startI18n', () => {
  it('follows the browser without marking the language chosen', () => {
    const store = createAppStore();
    const stop = startI18n(store, () => ['zh-CN']);
    expect(store.getState()).toMatchObject({ language: 'zh-CN', languageChosen: false });
    expect(i18next.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(i18next.t('timeline.play')).toBe('播放');
    stop();
  });

  it('keeps a chosen language (from a share link) over the browser’s', () => {
    const store = createAppStore();
    store.getState().setLanguage('en');
    const stop = startI18n(store, () => ['zh-CN']);
    expect(i18next.language).toBe('en');
    store.getState().setLanguage('zh-CN');
    expect(i18next.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    stop();
  });

  it('follows the browser when its language changes, until the reader picks one', () => {
    const store = createAppStore();
    let preferred = ['en-US'];
    const stop = startI18n(store, () => preferred);
    expect(store.getState().language).toBe('en');
    preferred = ['zh-CN'];
    window.dispatchEvent(new Event('languagechange'));
    expect(store.getState()).toMatchObject({ language: 'zh-CN', languageChosen: false });
    expect(i18next.language).toBe('zh-CN');
    store.getState().setLanguage('en');
    preferred = ['zh-TW'];
    window.dispatchEvent(new Event('languagechange'));
    expect(store.getState()).toMatchObject({ language: 'en', languageChosen: true });
    stop();
  });
});

describe('setBrowserLanguage', () => {
  it('sets the language without marking it chosen, and never overrides a chosen one', () => {
    const store = createAppStore();
    store.getState().setBrowserLanguage('zh-CN');
    expect(store.getState()).toMatchObject({ language: 'zh-CN', languageChosen: false });
    store.getState().setLanguage('en');
    store.getState().setBrowserLanguage('zh-CN');
    expect(store.getState()).toMatchObject({ language: 'en', languageChosen: true });
  });
});

