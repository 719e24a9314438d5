/** Browser code of the tested-limits calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { limitsCalc } from '../../lib/calculators/limits.ts';

defineCalculator(limitsCalc);
