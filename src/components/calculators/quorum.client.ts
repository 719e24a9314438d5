/** Browser code of the Quorum calculator, loaded on demand by its component. */
import { defineCalculator } from './client.ts';
import { quorumCalc } from '../../lib/calculators/quorum.ts';

defineCalculator('calc-quorum', quorumCalc);
