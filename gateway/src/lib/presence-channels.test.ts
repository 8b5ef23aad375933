import { describe, expect, it } from 'vitest';
import { PresenceChannels, presenceFullName } from './presence-channels.ts';

const card = { venueId: '0f6f5f0e-3b7a-4a4e-9a55-4c2b1a7f0c11', department: 'IT', cardId: 'b96c4ec3-94e7-48ca-adb1-51d8b8904847' } as const;
const other = { ...card, department: 'Security' } as const;
const ann = { userId: 'u-ann', email: 'ann@example.com', fullName: 'Ann' };
const bob = { userId: 'u-bob', email: 'bob@example.com', fullName: 'Bob' };
const T0 = Date.UTC(2026, 10, 23, 12);

describe('PresenceChannels', () => {
  it('lists the editors of a channel by name, with their last sighting', () => {
    const channels = new PresenceChannels(30_000);
    expect(channels.seen(card, 'a', bob, T0)).toBe(true);
    expect(channels.seen(card, 'a', ann, T0 + 1000)).toBe(true);
    expect(channels.editors(card)).toEqual([
      { ...ann, lastSeen: new Date(T0 + 1000).toISOString() },
      { ...bob, lastSeen: new Date(T0).toISOString() },
    ]);
    expect(channels.editors(other)).toEqual([]);
  });

  it('counts a user once across tabs and replicas (the newest sighting), until every replica let go', () => {
    const channels = new PresenceChannels(30_000);
    channels.seen(card, 'a', ann, T0);
    expect(channels.seen(card, 'b', ann, T0 + 5000)).toBe(true);
    expect(channels.editors(card)).toEqual([{ ...ann, lastSeen: new Date(T0 + 5000).toISOString() }]);
    // An older sighting changes nothing.
    expect(channels.seen(card, 'a', ann, T0 + 4000)).toBe(false);
    expect(channels.left(card, 'b', ann.userId)).toBe(false);
    expect(channels.editors(card)).toHaveLength(1);
    expect(channels.left(card, 'a', ann.userId)).toBe(true);
    expect(channels.editors(card)).toEqual([]);
    expect(channels.size).toBe(0);
  });

  it('drops sightings not renewed within the timeout, and only those', () => {
    const channels = new PresenceChannels(30_000);
    channels.seen(card, 'a', ann, T0);
    channels.seen(card, 'b', bob, T0 + 10_000);
    channels.seen(other, 'a', ann, T0 + 10_000);
    expect(channels.expire(T0 + 29_999)).toEqual([]);
    expect(channels.expire(T0 + 30_000)).toEqual([card]);
    expect(channels.editors(card).map((editor) => editor.userId)).toEqual([bob.userId]);
    expect(channels.expire(T0 + 40_000)).toEqual([card, other]);
    expect(channels.size).toBe(0);
  });

  it('does not report a time-out of one replica while another still sees the user', () => {
    const channels = new PresenceChannels(30_000);
    channels.seen(card, 'dead', ann, T0);
    channels.seen(card, 'alive', ann, T0 + 20_000);
    expect(channels.expire(T0 + 30_000)).toEqual([]);
    expect(channels.editors(card)).toHaveLength(1);
  });

  it('ignores a leave of someone not there', () => {
    const channels = new PresenceChannels(30_000);
    expect(channels.left(card, 'a', ann.userId)).toBe(false);
  });
});

describe('presenceFullName', () => {
  it("is made from the e-mail's local part", () => {
    expect(presenceFullName('ann.smith@example.com')).toBe('Ann Smith');
    expect(presenceFullName('bob_jones-jr+venues@example.com')).toBe('Bob Jones Jr Venues');
    expect(presenceFullName('editor@example.com')).toBe('Editor');
    expect(presenceFullName('@example.com')).toBe('@example.com');
  });
});
