/** Browser code of the Availability calculator, loaded on demand by its component. */
import { defineCalculator } from './client.ts';
import { availabilityCalc } from '../../lib/calculators/availability.ts';

defineCalculator('calc-availability', availabilityCalc);
