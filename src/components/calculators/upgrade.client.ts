/** Browser code of the Upgrade calculator, loaded on demand by its component. */
import { defineCalculator } from './client.ts';
import { upgradeCalc } from '../../lib/calculators/upgrade.ts';

defineCalculator('calc-upgrade', upgradeCalc);
