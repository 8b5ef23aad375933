import { UI } from '@venuebook/domain';

/**
 * The viewer's swipe (spec §5 'Swipe needs more than 50 px', §9): a horizontal move of more than the threshold,
 * more sideways than up or down, goes to the next photo (leftwards) or the previous one (rightwards).
 */
export function swipeDirection(dx: number, dy: number, threshold: number = UI.swipeThresholdPx): 'prev' | 'next' | null {
  if (Math.abs(dx) <= threshold || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? 'next' : 'prev';
}
