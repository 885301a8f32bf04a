import { act, fireEvent, render, screen } from '@testing-library/react';
import { UNDO_OFFERED_MS, UndoNotice } from './UndoNotice';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function renderNotice() {
  const onUndo = jest.fn();
  const onDone = jest.fn();
  render(<UndoNotice message="Holdings set for 3 tokens." onUndo={onUndo} onDone={onDone} />);
  return { onUndo, onDone };
}

describe('UndoNotice', () => {
  it('is announced, and Undo undoes and ends the offer', () => {
    const { onUndo, onDone } = renderNotice();
    expect(screen.getByRole('status')).toHaveTextContent('Holdings set for 3 tokens.');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('ends the offer after a few seconds, without undoing', () => {
    const { onUndo, onDone } = renderNotice();
    act(() => jest.advanceTimersByTime(UNDO_OFFERED_MS - 1));
    expect(onDone).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onUndo).not.toHaveBeenCalled();
  });

  it('holds the offer while the pointer or the focus is on it', () => {
    const { onDone } = renderNotice();
    const notice = screen.getByRole('status');
    fireEvent.mouseEnter(notice);
    act(() => jest.advanceTimersByTime(UNDO_OFFERED_MS * 3));
    fireEvent.mouseLeave(notice);
    act(() => screen.getByRole('button', { name: 'Undo' }).focus());
    act(() => jest.advanceTimersByTime(UNDO_OFFERED_MS * 3));
    expect(onDone).not.toHaveBeenCalled();

    act(() => screen.getByRole('button', { name: 'Undo' }).blur());
    act(() => jest.advanceTimersByTime(UNDO_OFFERED_MS));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
