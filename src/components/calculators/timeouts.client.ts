/** Browser code of the timeouts calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { timeoutsCalc } from '../../lib/calculators/timeouts.ts';

defineCalculator(timeoutsCalc);
