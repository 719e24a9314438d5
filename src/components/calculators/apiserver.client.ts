/** Browser code of the API-server calculator: the shared element (its chunk is named after the calculator, see registry.ts). */
import { defineCalculator } from './client.ts';
import { apiserverCalc } from '../../lib/calculators/apiserver.ts';

defineCalculator(apiserverCalc);
