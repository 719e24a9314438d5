/** Browser code of the Topology calculator, loaded on demand by its component. */
import { defineCalculator } from './client.ts';
import { topologyCalc } from '../../lib/calculators/topology.ts';

defineCalculator('calc-topology', topologyCalc);
