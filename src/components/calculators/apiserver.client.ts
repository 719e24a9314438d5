/** Browser code of the API-server calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { apiserverCalc } from '../../lib/calculators/apiserver.ts';

defineCalculator(apiserverCalc);
