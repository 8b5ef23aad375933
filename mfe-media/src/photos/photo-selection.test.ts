import { describe, expect, it } from 'vitest';
import {
  cancelSelection,
  deletedPhotosText,
  keepPresent,
  modeButtonLabel,
  NO_SELECTION,
  pressModeButton,
  togglePhoto,
  type SelectionState,
} from './photo-selection.ts';

const ids = ['a', 'b', 'c'];

describe('photo selection mode (spec §4)', () => {
  it('enters the mode on the first click, with nothing selected', () => {
    expect(pressModeButton(NO_SELECTION, 'tagging', ids)).toEqual({ state: { mode: 'tagging', selected: [] }, effect: 'none' });
    expect(pressModeButton(NO_SELECTION, 'deletion', ids)).toEqual({ state: { mode: 'deletion', selected: [] }, effect: 'none' });
  });

  it('selects every photo on the next click when none is selected', () => {
    const tagging = pressModeButton(NO_SELECTION, 'tagging', ids).state;
    expect(pressModeButton(tagging, 'tagging', ids)).toEqual({ state: { mode: 'tagging', selected: ids }, effect: 'none' });
  });

  it('opens the tag dialog, or asks to confirm the deletion, when some are selected', () => {
    const tagging: SelectionState = { mode: 'tagging', selected: ['b'] };
    expect(pressModeButton(tagging, 'tagging', ids)).toEqual({ state: tagging, effect: 'open-tag-dialog' });
    const deleting: SelectionState = { mode: 'deletion', selected: ['a', 'c'] };
    expect(pressModeButton(deleting, 'deletion', ids)).toEqual({ state: deleting, effect: 'confirm-delete' });
  });

  it('switches mode (and drops the selection) on the other mode button', () => {
    const tagging: SelectionState = { mode: 'tagging', selected: ['b'] };
    expect(pressModeButton(tagging, 'deletion', ids)).toEqual({ state: { mode: 'deletion', selected: [] }, effect: 'none' });
  });

  it('ignores selected ids that are no longer on the page', () => {
    const stale: SelectionState = { mode: 'deletion', selected: ['gone'] };
    expect(pressModeButton(stale, 'deletion', ids)).toEqual({ state: { mode: 'deletion', selected: ids }, effect: 'none' });
    expect(keepPresent({ mode: 'deletion', selected: ['a', 'gone'] }, ids)).toEqual({ mode: 'deletion', selected: ['a'] });
    const same: SelectionState = { mode: 'deletion', selected: ['a'] };
    expect(keepPresent(same, ids)).toBe(same);
  });

  it('toggles photos only while a mode is on', () => {
    expect(togglePhoto(NO_SELECTION, 'a')).toBe(NO_SELECTION);
    const on = togglePhoto({ mode: 'tagging', selected: [] }, 'a');
    expect(on.selected).toEqual(['a']);
    expect(togglePhoto(togglePhoto(on, 'b'), 'a').selected).toEqual(['b']);
  });

  it('Cancel leaves the mode', () => {
    expect(cancelSelection()).toEqual({ mode: 'none', selected: [] });
  });

  it('labels the mode button by what the next click does', () => {
    expect(modeButtonLabel(NO_SELECTION, 'tagging')).toBe('Tag Photos');
    expect(modeButtonLabel({ mode: 'tagging', selected: [] }, 'tagging')).toBe('Select All');
    expect(modeButtonLabel({ mode: 'tagging', selected: ['a', 'b'] }, 'tagging')).toBe('Tag Selected (2)');
    expect(modeButtonLabel({ mode: 'tagging', selected: ['a'] }, 'deletion')).toBe('Delete Photos');
    expect(modeButtonLabel({ mode: 'deletion', selected: ['a'] }, 'deletion')).toBe('Delete Selected (1)');
  });

  it('words the deletion toast as spec §8', () => {
    expect(deletedPhotosText(3)).toBe('Successfully deleted 3 photo(s)');
  });
});
