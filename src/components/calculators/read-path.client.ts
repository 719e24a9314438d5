/** Browser code of the ReadPath calculator, loaded on demand by its component. */
import { defineCalculator } from './client.ts';
import { readPathCalc } from '../../lib/calculators/read-path.ts';

defineCalculator('calc-read-path', readPathCalc);
