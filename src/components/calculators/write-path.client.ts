/** Browser code of the WritePath calculator, loaded on demand by its component. */
import { defineCalculator } from './client.ts';
import { writePathCalc } from '../../lib/calculators/write-path.ts';

defineCalculator('calc-write-path', writePathCalc);
