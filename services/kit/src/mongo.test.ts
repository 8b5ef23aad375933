import mongoose, { Schema } from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import { registeredModel } from './mongo.ts';

// A connection that never connects: models register on it all the same.
const connections: mongoose.Connection[] = [];
const connection = (): mongoose.Connection => {
  const made = mongoose.createConnection();
  connections.push(made);
  return made;
};
afterEach(async () => {
  for (const made of connections.splice(0)) await made.close();
});

const schemaOn = (collection: string) => new Schema<{ _id: string }>({ _id: String }, { collection });

describe('registeredModel', () => {
  it('registers a model once per connection and hands the same one back', () => {
    const first = connection();
    const model = registeredModel(first, 'Thing', schemaOn('things'));
    expect(model.collection.collectionName).toBe('things');
    expect(registeredModel(first, 'Thing', schemaOn('things'))).toBe(model);
    // Another connection has its own.
    expect(registeredModel(connection(), 'Thing', schemaOn('things'))).not.toBe(model);
  });

  it('refuses the same name on another collection', () => {
    const first = connection();
    registeredModel(first, 'Thing', schemaOn('things'));
    expect(() => registeredModel(first, 'Thing', schemaOn('other_things'))).toThrow('the model Thing is already registered on things, not other_things');
  });
});
