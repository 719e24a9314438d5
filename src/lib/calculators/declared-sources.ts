/**
 * Each calculator's declared model sources ({@link CalcDef.sources}), by calculator id: what the
 * build hands the citation engine so that the Evidence page can say which calculators, and which
 * pages through their `<Calculator id>` elements, show each source. Only the build imports this
 * module (from astro.config.mjs); pages load their calculators through the registry.
 */
import type { CalculatorId } from '../model/calculator-state.ts';
import type { SourceName } from './calc.ts';
import { apfCalc } from './apf.ts';
import { apiserverCalc } from './apiserver.ts';
import { availabilityCalc } from './availability.ts';
import { dbSizeCalc } from './db-size.ts';
import { hardwareCalc } from './hardware.ts';
import { limitsCalc } from './limits.ts';
import { maintenanceCalc } from './maintenance.ts';
import { membershipCalc } from './membership.ts';
import { overridesCalc } from './overrides.ts';
import { planCalc } from './plan.ts';
import { quorumCalc } from './quorum.ts';
import { readPathCalc } from './read-path.ts';
import { timeoutsCalc } from './timeouts.ts';
import { topologyCalc } from './topology.ts';
import { upgradeCalc } from './upgrade.ts';
import { writePathCalc } from './write-path.ts';

/** Sources by calculator id; `satisfies` makes a calculator missing here a type error. */
export const CALCULATOR_SOURCES = {
  apf: apfCalc.sources,
  apiserver: apiserverCalc.sources,
  availability: availabilityCalc.sources,
  dbSize: dbSizeCalc.sources,
  hardware: hardwareCalc.sources,
  limits: limitsCalc.sources,
  maintenance: maintenanceCalc.sources,
  membership: membershipCalc.sources,
  overrides: overridesCalc.sources,
  plan: planCalc.sources,
  quorum: quorumCalc.sources,
  readPath: readPathCalc.sources,
  timeouts: timeoutsCalc.sources,
  topology: topologyCalc.sources,
  upgrade: upgradeCalc.sources,
  writePath: writePathCalc.sources,
} satisfies Record<CalculatorId, readonly SourceName[]>;
