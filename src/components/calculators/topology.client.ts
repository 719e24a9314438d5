/** Browser code of the topology calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { topologyCalc } from '../../lib/calculators/topology.ts';

defineCalculator(topologyCalc);
