/** Browser code of the write-path calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { writePathCalc } from '../../lib/calculators/write-path.ts';

defineCalculator(writePathCalc);
