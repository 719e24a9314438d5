/** Browser code of the read-path calculator: the shared element (its chunk is named after the calculator, see registry.ts). */
import { defineCalculator } from './client.ts';
import { readPathCalc } from '../../lib/calculators/read-path.ts';

defineCalculator(readPathCalc);
