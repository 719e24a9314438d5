/** Browser code of the upgrade calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { upgradeCalc } from '../../lib/calculators/upgrade.ts';

defineCalculator(upgradeCalc);
