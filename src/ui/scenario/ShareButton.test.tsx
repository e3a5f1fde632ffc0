// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareButton } from './ShareButton.tsx';

const URL_AT_41 = 'http://127.0.0.1:4173/#v1.abc&t=41';
vi.mock('../../state/actions.ts', () => ({ shareUrl: () => URL_AT_41 }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ShareButton', () => {
  it('copies the link and says so for a few seconds', async () => {
    vi.useFakeTimers();
    const copy = vi.fn(async (_t: string) => ({ ok: true }) as const);
    render(<ShareButton copy={copy} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    expect(copy).toHaveBeenCalledWith(URL_AT_41);
    expect(screen.getByRole('status').textContent).toBe('Link copied');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the link to copy by hand when the clipboard is refused', async () => {
    const copy = async () => ({ ok: false, message: 'Could not copy (denied).' }) as const;
    render(<ShareButton copy={copy} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    const dialog = screen.getByRole('dialog', { name: 'Share link' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const link = screen.getByRole('textbox', { name: 'Link' }) as HTMLInputElement;
    expect(link.value).toBe(URL_AT_41);
    expect(document.activeElement).toBe(link);
    expect(screen.getByText('Could not copy (denied).')).toBeTruthy();
  });
});
