/** Browser code of the maintenance calculator: the shared element (its chunk is named after the calculator, see registry.ts). */
import { defineCalculator } from './client.ts';
import { maintenanceCalc } from '../../lib/calculators/maintenance.ts';

defineCalculator(maintenanceCalc);
