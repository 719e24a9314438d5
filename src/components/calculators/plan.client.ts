/** Browser code of the sizing plan, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { planCalc } from '../../lib/calculators/plan.ts';

defineCalculator(planCalc);
