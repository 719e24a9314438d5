/** Browser code of the API Priority and Fairness calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { apfCalc } from '../../lib/calculators/apf.ts';

defineCalculator(apfCalc);
