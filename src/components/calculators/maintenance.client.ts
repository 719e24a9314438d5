/** Browser code of the maintenance calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { maintenanceCalc } from '../../lib/calculators/maintenance.ts';

defineCalculator(maintenanceCalc);
