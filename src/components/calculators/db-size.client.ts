/** Browser code of the database-size calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { dbSizeCalc } from '../../lib/calculators/db-size.ts';

defineCalculator(dbSizeCalc);
