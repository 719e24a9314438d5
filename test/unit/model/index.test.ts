import { expect, it } from 'vitest';
import * as model from '../../../src/lib/model/index.ts';

it('re-exports every calculator from one entry point', () => {
  for (const name of [
    'quorum', 'tolerance', 'maintenanceTolerance', 'quorumTable',
    'quorumLossProbability', 'unavailabilityFromMtbf', 'lostQuorumSeries',
    'replicationEgressBytesPerSecond', 'commitLatency', 'writePath',
    'apiserverReplicaLoad', 'controlPlaneNodesForUpgrade', 'membersForMaintenancePolicy', 'topologyHosts',
    'parseEtcdServersOverrides', 'buildEtcdServersOverrides', 'lintEtcdServersOverrides', 'readFlagCsv',
    'routeRead', 'validateReadRequest',
    'parseWholeNumber', 'parseDecimal', 'parseFraction', 'encodeState', 'decodeState', 'decodeCalculator',
  ]) {
    expect(typeof (model as Record<string, unknown>)[name], name).toBe('function');
  }
  expect(model.MINUTES_PER_YEAR).toBe(525_960);
});
