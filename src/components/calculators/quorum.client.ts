/** Browser code of the quorum calculator: the shared element (its chunk is named after the calculator, see registry.ts). */
import { defineCalculator } from './client.ts';
import { quorumCalc } from '../../lib/calculators/quorum.ts';

defineCalculator(quorumCalc);
