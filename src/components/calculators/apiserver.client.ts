/** Browser code of the Apiserver calculator, loaded on demand by its component. */
import { defineCalculator } from './client.ts';
import { apiserverCalc } from '../../lib/calculators/apiserver.ts';

defineCalculator('calc-apiserver', apiserverCalc);
