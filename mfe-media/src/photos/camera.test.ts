import { describe, expect, it } from 'vitest';
import { cameraFileName } from './camera.ts';

describe('cameraFileName', () => {
  const now = new Date('2026-11-27T05:06:07.890Z');
  it("keeps the camera's name as .jpg", () => {
    expect(cameraFileName('IMG_0042.HEIC', now)).toBe('IMG_0042.jpg');
    expect(cameraFileName('shot.jpeg', now)).toBe('shot.jpg');
  });
  it("names an unnamed capture by its time ('image.jpg' is what browsers give)", () => {
    expect(cameraFileName('image.jpg', now)).toBe('photo-20261127-050607.jpg');
    expect(cameraFileName('', now)).toBe('photo-20261127-050607.jpg');
  });
});
