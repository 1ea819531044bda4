// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@/i18n/en';
import { installCatalog } from '@/i18n/i18n';
import { SearchBox } from './search-box';

describe('<SearchBox>', () => {
  beforeEach(() => {
    installCatalog('en', en);
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const field = () => screen.getByLabelText('Search');

  it('searches once typing pauses, with the trimmed text', () => {
    const onSearch = vi.fn();
    render(<SearchBox label="Search" value="" onSearch={onSearch} delayMs={350} />);
    fireEvent.change(field(), { target: { value: ' 0812 ' } });
    act(() => vi.advanceTimersByTime(349));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('0812');
  });

  it('Enter searches at once, and the pause after it does not search again', () => {
    // A second search would push a duplicate history entry, or bring the list back after a
    // row was opened in between (a console journey failed so).
    const onSearch = vi.fn();
    render(<SearchBox label="Search" value="" onSearch={onSearch} delayMs={350} />);
    fireEvent.change(field(), { target: { value: '123-4-56789-0' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('123-4-56789-0');
    act(() => vi.advanceTimersByTime(1_000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
