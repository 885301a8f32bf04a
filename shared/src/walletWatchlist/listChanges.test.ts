import fc from 'fast-check';
import { applyChange, changesBetween, withChanges, type Token } from './listChanges';

const tokens = (...entries: [string, string][]): Token[] =>
  entries.map(([id, holdings]) => ({ id, holdings }));

/** A list of distinct ids drawn from a small alphabet, so two lists share many of them. */
const list = fc
  .uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), { maxLength: 8 })
  .chain((ids) =>
    fc
      .array(fc.constantFrom('0', '1', '2.5'), { minLength: ids.length, maxLength: ids.length })
      .map((holdings) => ids.map((id, index) => ({ id, holdings: holdings[index] ?? '0' }))),
  );

describe('changesBetween', () => {
  it('gives changes that turn the first list into the second, whatever the two lists', () => {
    fc.assert(
      fc.property(list, list, (before, after) => {
        expect(withChanges(before, changesBetween(before, after))).toEqual(after);
      }),
    );
  });

  it('gives no change for the same list', () => {
    fc.assert(fc.property(list, (same) => expect(changesBetween(same, [...same])).toEqual([])));
  });

  it('says a removal, an addition after its neighbour and a holdings edit, one each', () => {
    const before = tokens(['ethereum', '1'], ['solana', '20'], ['dogecoin', '10000']);
    const after = tokens(['ethereum', '1.5'], ['bitcoin', '0'], ['dogecoin', '10000']);
    expect(changesBetween(before, after)).toEqual([
      { kind: 'remove', id: 'solana' },
      { kind: 'holdings', id: 'ethereum', holdings: '1.5' },
      { kind: 'add', id: 'bitcoin', holdings: '0', after: 'ethereum' },
    ]);
  });

  it('moves only the token that changed place', () => {
    const before = tokens(['a', '0'], ['b', '0'], ['c', '0'], ['d', '0']);
    const after = tokens(['a', '0'], ['c', '0'], ['d', '0'], ['b', '0']);
    expect(changesBetween(before, after)).toEqual([{ kind: 'move', id: 'b', after: 'd' }]);
  });

  it('puts a token restored in its place after the one before it, first when it was first', () => {
    const after = tokens(['solana', '20'], ['ethereum', '1']);
    expect(changesBetween(tokens(['ethereum', '1']), after)).toEqual([
      { kind: 'add', id: 'solana', holdings: '20', after: null },
    ]);
  });
});

describe('applyChange, as the server applies changes', () => {
  const list3 = () => tokens(['a', '1'], ['b', '2'], ['c', '3']);

  it('adds a token already there as a holdings change and a move', () => {
    const next = list3();
    applyChange(next, { kind: 'add', id: 'c', holdings: '9', after: null });
    expect(next).toEqual(tokens(['c', '9'], ['a', '1'], ['b', '2']));
  });

  it('puts a token at the end when the one it follows was removed meanwhile', () => {
    const next = list3();
    applyChange(next, { kind: 'add', id: 'd', holdings: '4', after: 'gone' });
    expect(next.map((t) => t.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('brings back a token removed meanwhile when its holdings are edited (the later wins)', () => {
    const next = list3();
    applyChange(next, { kind: 'holdings', id: 'z', holdings: '5' });
    expect(next.at(-1)).toEqual({ id: 'z', holdings: '5' });
  });

  it('changes nothing for a removal or a move of a token not there', () => {
    const next = list3();
    applyChange(next, { kind: 'remove', id: 'z' });
    applyChange(next, { kind: 'move', id: 'z', after: 'a' });
    expect(next).toEqual(list3());
  });
});
