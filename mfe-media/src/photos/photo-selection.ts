// The Photos page's selection mode (spec §4 'Photo selection mode'): none, tagging or deletion. The first click on
// the mode's button enters the mode; with nothing selected the next click selects every photo; with some selected
// it asks for the action (the tag dialog, or the delete confirmation). Cancel leaves the mode.

export type SelectionMode = 'none' | 'tagging' | 'deletion';

export interface SelectionState {
  readonly mode: SelectionMode;
  /** The selected photo ids, in the order they were selected. */
  readonly selected: readonly string[];
}

/** What the page does after a click on a mode button. */
export type SelectionEffect = 'none' | 'open-tag-dialog' | 'confirm-delete';

export const NO_SELECTION: SelectionState = { mode: 'none', selected: [] };

/**
 * A click on the Tag (`tagging`) or Delete (`deletion`) button, with the ids of the photos on the page: the next
 * state and what to do.
 */
export function pressModeButton(
  state: SelectionState,
  mode: Exclude<SelectionMode, 'none'>,
  photoIds: readonly string[],
): { state: SelectionState; effect: SelectionEffect } {
  if (state.mode !== mode) return { state: { mode, selected: [] }, effect: 'none' };
  // Ids of photos no longer on the page (deleted elsewhere) do not count.
  const selected = state.selected.filter((id) => photoIds.includes(id));
  if (selected.length === 0) return { state: { mode, selected: [...photoIds] }, effect: 'none' };
  return { state: { mode, selected }, effect: mode === 'tagging' ? 'open-tag-dialog' : 'confirm-delete' };
}

/** A click on a photo while a mode is on selects or unselects it; without a mode nothing changes. */
export function togglePhoto(state: SelectionState, id: string): SelectionState {
  if (state.mode === 'none') return state;
  const selected = state.selected.includes(id) ? state.selected.filter((other) => other !== id) : [...state.selected, id];
  return { ...state, selected };
}

/** Cancel, or the action done: the mode ends and nothing stays selected. */
export function cancelSelection(): SelectionState {
  return NO_SELECTION;
}

/** The selection without the photos that are gone (after a refresh of the list). */
export function keepPresent(state: SelectionState, photoIds: readonly string[]): SelectionState {
  const selected = state.selected.filter((id) => photoIds.includes(id));
  return selected.length === state.selected.length ? state : { ...state, selected };
}

/** The mode button's label: what the next click does. */
export function modeButtonLabel(state: SelectionState, mode: Exclude<SelectionMode, 'none'>): string {
  const noun = mode === 'tagging' ? 'Tag' : 'Delete';
  if (state.mode !== mode) return `${noun} Photos`;
  if (state.selected.length === 0) return 'Select All';
  return mode === 'tagging' ? `Tag Selected (${state.selected.length})` : `Delete Selected (${state.selected.length})`;
}

/** Spec §8: 'Successfully deleted N photo(s)'. */
export function deletedPhotosText(count: number): string {
  return `Successfully deleted ${count} photo(s)`;
}
