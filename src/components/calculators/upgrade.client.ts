/** Browser code of the upgrade calculator: the shared element (its chunk is named after the calculator, see registry.ts). */
import { defineCalculator } from './client.ts';
import { upgradeCalc } from '../../lib/calculators/upgrade.ts';

defineCalculator(upgradeCalc);
