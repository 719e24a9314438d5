/** Browser code of the membership calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { membershipCalc } from '../../lib/calculators/membership.ts';

defineCalculator(membershipCalc);
