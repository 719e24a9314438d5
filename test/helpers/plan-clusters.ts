/**
 * Six realistic clusters for the sizing plan, as field text that differs from the plan's defaults.
 * The unit tests assert each one's plan on the model functions and the browser test drives the
 * page with the same text, so both check one set of facts.
 */
export interface PlanCluster {
  name: string;
  raw: Readonly<Record<string, string>>;
}

export const PLAN_CLUSTERS = {
  poc: {
    name: '3-node proof of concept',
    raw: {
      n: '3',
      pn: '20',
      c: '4',
      ns: '5',
      rows: 'pods 60 6000 0.2\nconfigmaps 40 4000 0.01\nsecrets 40 3000 0.01',
      ev: '500',
      evw: '0.5',
      rtt: '0.5',
      f: '0',
      s: 'in-place',
      et: 'stacked',
    },
  },
  oneZone: { name: '100 nodes in one zone', raw: { n: '100', z: '1' } },
  heavyEvents: {
    name: '500 nodes with heavy Events',
    raw: {
      n: '500',
      ns: '200',
      rows: 'pods 15000 6000 10\nconfigmaps 3000 4000 0.25\nsecrets 3500 3000 0.25\nservices 1000 1500 0.05',
      ev: '400000',
      evw: '300',
      rtt: '1',
    },
  },
  threeZones: {
    name: '1,000 nodes across three zones, 10 ms between zones',
    raw: {
      n: '1000',
      ns: '300',
      rows: 'pods 30000 6000 20\nconfigmaps 6000 4000 0.5\nsecrets 7000 3000 0.5\nservices 2000 1500 0.1',
      ev: '100000',
      evw: '50',
      rtt: '10',
      z: '3',
    },
  },
  envelope: {
    name: '5,000 nodes at the tested envelope',
    raw: {
      n: '5000',
      ns: '5000',
      rows: 'pods 150000 6000 100\nconfigmaps 30000 4000 2\nsecrets 35000 3000 2\nservices 10000 1500 0.5',
      ev: '1000000',
      evw: '500',
      rtt: '2',
      z: '3',
    },
  },
  pastEnvelope: {
    name: '7,000 nodes, past the envelope',
    raw: {
      n: '7000',
      ns: '7000',
      rows: 'pods 210000 6000 140\nconfigmaps 42000 4000 3\nsecrets 49000 3000 3\nservices 14000 1500 0.7',
      ev: '1400000',
      evw: '700',
      rtt: '2',
      z: '3',
    },
  },
} as const satisfies Record<string, PlanCluster>;
