/** Browser code of the hardware calculator, named after it so that its chunk is (see the loader in Calculator.astro). */
import { defineCalculator } from './client.ts';
import { hardwareCalc } from '../../lib/calculators/hardware.ts';

defineCalculator(hardwareCalc);
