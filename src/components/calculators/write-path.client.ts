/** Browser code of the write-path calculator: the shared element (its chunk is named after the calculator, see registry.ts). */
import { defineCalculator } from './client.ts';
import { writePathCalc } from '../../lib/calculators/write-path.ts';

defineCalculator(writePathCalc);
