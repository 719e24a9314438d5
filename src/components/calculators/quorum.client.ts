/** Browser code of the quorum calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { quorumCalc } from '../../lib/calculators/quorum.ts';

defineCalculator(quorumCalc);
