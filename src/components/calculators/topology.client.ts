/** Browser code of the topology calculator: the shared element (its chunk is named after the calculator, see registry.ts). */
import { defineCalculator } from './client.ts';
import { topologyCalc } from '../../lib/calculators/topology.ts';

defineCalculator(topologyCalc);
