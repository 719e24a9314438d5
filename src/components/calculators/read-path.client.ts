/** Browser code of the read-path calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { readPathCalc } from '../../lib/calculators/read-path.ts';

defineCalculator(readPathCalc);
