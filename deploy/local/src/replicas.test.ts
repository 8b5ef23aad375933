import { describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '@venuebook/contracts/services';
import { MAX_REPLICAS, replicasEnv, serviceReplicas } from './replicas.ts';

describe('<NAME>_REPLICAS (how many processes `npm start` runs of each service)', () => {
  it('is named after each service of the registry', () => {
    expect(replicasEnv('venues')).toBe('VENUES_REPLICAS');
    expect(SERVICE_NAMES.map(replicasEnv)).toContain('IDENTITY_REPLICAS');
  });

  it('defaults to one replica per service; empty counts as unset', () => {
    expect(serviceReplicas({})).toEqual(Object.fromEntries(SERVICE_NAMES.map((name) => [name, 1])));
    expect(serviceReplicas({ VENUES_REPLICAS: '' }).venues).toBe(1);
  });

  it('takes a whole number from 1 to 8', () => {
    expect(serviceReplicas({ VENUES_REPLICAS: '2' })).toMatchObject({ venues: 2, identity: 1 });
    expect(serviceReplicas({ VENUES_REPLICAS: ' 8 ', IDENTITY_REPLICAS: '1' })).toMatchObject({ venues: MAX_REPLICAS, identity: 1 });
  });

  it('refuses anything else, naming every bad setting', () => {
    for (const bad of ['0', '9', '-1', '1.5', 'two', '2x', '1e1']) {
      expect(() => serviceReplicas({ VENUES_REPLICAS: bad }), bad).toThrow(`VENUES_REPLICAS must be a whole number from 1 to 8, got '${bad}'`);
    }
    expect(() => serviceReplicas({ VENUES_REPLICAS: '0', IDENTITY_REPLICAS: 'x' })).toThrow(
      /VENUES_REPLICAS .*\n.*IDENTITY_REPLICAS|IDENTITY_REPLICAS .*\n.*VENUES_REPLICAS/,
    );
  });
});
