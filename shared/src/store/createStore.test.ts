import type { UnknownAction } from '@reduxjs/toolkit';
import { addTokenOpened } from '../ui/uiSlice';
import { createAppStore } from './createStore';

// Redux Toolkit's development checks, on in tests as in development.

/** A slice whose reducer writes into its state, as no reducer may. */
const writesInPlace = {
  reducerPath: 'writesInPlace',
  reducer: (state: { pokes: number } = { pokes: 0 }, action: UnknownAction) => {
    if (action.type === 'writesInPlace/poked') state.pokes += 1;
    return state;
  },
};

afterEach(() => jest.restoreAllMocks());

it('stops a reducer that writes into the state', () => {
  const store = createAppStore();
  store.injectSlice(writesInPlace);
  store.dispatch(addTokenOpened()); // the slice has its state
  expect(() => store.dispatch({ type: 'writesInPlace/poked' })).toThrow(/mutation/i);
});

it('reports a value that is not JSON reaching the store', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  const store = createAppStore();
  store.dispatch(addTokenOpened());
  expect(error).not.toHaveBeenCalled();
  store.dispatch({ type: 'ui/somethingHappened', payload: { at: new Date() } });
  expect(error).toHaveBeenCalledWith(
    expect.stringContaining('non-serializable value was detected in an action'),
    expect.anything(),
    expect.anything(),
    expect.anything(),
    expect.anything(),
    expect.anything(),
  );
});
