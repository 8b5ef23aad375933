import { describe, expect, it } from 'vitest';
import { isReplaceEdit, mergeMessage, planNoteSave, toNoteLines } from './field-notes.ts';
import type { StoredNoteLine } from './field-notes.ts';

const stored = (...texts: string[]): StoredNoteLine[] => texts.map((text, i) => ({ id: `l${i}`, text, position: i }));

describe('field notes save (spec §4, §9)', () => {
  it('splits a textarea into lines (CRLF, no empty last line)', () => {
    expect(toNoteLines('')).toEqual([]);
    expect(toNoteLines('a\r\nb\n')).toEqual(['a', 'b']);
    expect(toNoteLines('a\n\nb')).toEqual(['a', '', 'b']);
  });

  it('writes nothing when the lines did not change (even when others added lines)', () => {
    expect(planNoteSave(['a'], ['a'], stored('a', 'x'))).toMatchObject({ kind: 'unchanged', add: [], remove: [] });
  });

  it('a pure append adds the new lines only', () => {
    expect(planNoteSave(['a', 'b'], ['a', 'b', 'c', 'd'], stored('a', 'b'))).toEqual({
      kind: 'append',
      add: ['c', 'd'],
      remove: [],
      newLines: 2,
      othersAdded: 0,
    });
    expect(planNoteSave([], ['first'], [])).toMatchObject({ kind: 'append', add: ['first'] });
  });

  it('an inline edit of the last line soft-deletes it and adds the edited line (and any lines after it)', () => {
    expect(planNoteSave(['a', 'b'], ['a', 'b!'], stored('a', 'b'))).toEqual({ kind: 'edit-last', add: ['b!'], remove: ['l1'], newLines: 1, othersAdded: 0 });
    expect(planNoteSave(['a', 'b'], ['a', 'B', 'c'], stored('a', 'b'))).toMatchObject({ kind: 'edit-last', add: ['B', 'c'], remove: ['l1'] });
  });

  it('a full replace when the line counts match (an edit in the middle)', () => {
    expect(planNoteSave(['a', 'b', 'c'], ['a', 'B', 'c'], stored('a', 'b', 'c'))).toEqual({
      kind: 'replace',
      add: ['a', 'B', 'c'],
      remove: ['l0', 'l1', 'l2'],
      newLines: 3,
      othersAdded: 0,
    });
  });

  it('a full replace when the lengths differ by under 50 %', () => {
    // 11 characters -> 9 characters, 3 lines -> 2 lines.
    expect(planNoteSave(['aaa', 'bbb', 'ccc'], ['aaaa', 'ccccc'], stored('aaa', 'bbb', 'ccc'))).toMatchObject({
      kind: 'replace',
      add: ['aaaa', 'ccccc'],
      remove: ['l0', 'l1', 'l2'],
    });
  });

  it('the 50 % rule: a difference of exactly half or more with other line counts is a line merge', () => {
    expect(isReplaceEdit(['aaaa'], ['aaaa', 'b'])).toBe(true); // 4 -> 6: differ by 2/6
    expect(isReplaceEdit(['aa', 'bb'], ['aa'])).toBe(false); // 5 -> 2: differ by 3/5
    expect(isReplaceEdit(['ab', 'c'], ['a'])).toBe(false); // 4 -> 1
    expect(isReplaceEdit(['abcd', 'e'], ['abcd'])).toBe(true); // 6 -> 4: 2/6 under half
    expect(isReplaceEdit(['abc', 'x'], ['x'])).toBe(false); // 5 -> 1
    expect(isReplaceEdit(['aaaaa', 'b'], ['aaa'])).toBe(false); // 7 -> 3: 4/7
  });

  it('removing lines (large change, other line count) soft-deletes exactly those lines', () => {
    const plan = planNoteSave(['keep', 'drop one', 'drop two', 'drop three'], ['keep'], stored('keep', 'drop one', 'drop two', 'drop three'));
    expect(plan).toEqual({ kind: 'merge', add: [], remove: ['l1', 'l2', 'l3'], newLines: 0, othersAdded: 0 });
  });

  it("merges with lines others added meanwhile: they are kept, the client's new lines added", () => {
    const plan = planNoteSave(['a'], ['a', 'mine 1', 'mine 2'], stored('a', 'theirs'));
    expect(plan).toEqual({ kind: 'merge', add: ['mine 1', 'mine 2'], remove: [], newLines: 2, othersAdded: 1 });
    expect(mergeMessage(plan.newLines, plan.othersAdded)).toBe('Merged your 2 new lines with 1 lines added by others');
  });

  it("a merge removes only the lines the client removed, never others' additions", () => {
    const plan = planNoteSave(['a', 'b'], ['a', 'c'], stored('a', 'b', 'theirs 1', 'theirs 2'));
    expect(plan).toMatchObject({ kind: 'merge', add: ['c'], remove: ['l1'], othersAdded: 2 });
  });

  it('a line others already removed is not removed again; duplicate texts pair one by one', () => {
    expect(planNoteSave(['a', 'gone'], ['a'], stored('a'))).toMatchObject({ remove: [] });
    const plan = planNoteSave(['x', 'x'], ['x'], stored('x', 'x'));
    expect(plan.remove).toHaveLength(1);
  });

  it('two concurrent appends from the same start both keep their lines', () => {
    const start = stored('a');
    const first = planNoteSave(['a'], ['a', 'from A'], start);
    expect(first).toMatchObject({ kind: 'append', add: ['from A'] });
    // B saves after A's line is stored: a merge naming A's line.
    const second = planNoteSave(['a'], ['a', 'from B'], [...start, { id: 'a1', text: 'from A', position: 1 }]);
    expect(second).toMatchObject({ kind: 'merge', add: ['from B'], remove: [], newLines: 1, othersAdded: 1 });
  });
});
