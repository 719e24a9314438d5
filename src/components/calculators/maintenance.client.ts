/** Browser code of the Maintenance calculator, loaded on demand by its component. */
import { defineCalculator } from './client.ts';
import { maintenanceCalc } from '../../lib/calculators/maintenance.ts';

defineCalculator('calc-maintenance', maintenanceCalc);
