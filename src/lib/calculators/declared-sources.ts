/**
 * Each calculator's declared model sources ({@link CalcView.sources}), by calculator id: what the
 * build hands the citation engine so that the Evidence page can say which calculators, and which
 * pages through their `<Calculator id>` elements, show each source. Only the build imports this
 * module (from astro.config.mjs); pages load their calculators through the registry.
 */
import type { CalculatorId } from '../model/calculator-state.ts';
import type { SourceName } from './calc.ts';
import { apfView } from './apf.ts';
import { apiserverView } from './apiserver.ts';
import { availabilityView } from './availability.ts';
import { dbSizeView } from './db-size.ts';
import { hardwareView } from './hardware.ts';
import { limitsView } from './limits.ts';
import { maintenanceView } from './maintenance.ts';
import { membershipView } from './membership.ts';
import { overridesView } from './overrides.ts';
import { planView } from './plan.ts';
import { quorumView } from './quorum.ts';
import { readPathView } from './read-path.ts';
import { timeoutsView } from './timeouts.ts';
import { topologyView } from './topology.ts';
import { upgradeView } from './upgrade.ts';
import { writePathView } from './write-path.ts';

/** Sources by calculator id; `satisfies` makes a calculator missing here a type error. */
export const CALCULATOR_SOURCES = {
  apf: apfView.sources,
  apiserver: apiserverView.sources,
  availability: availabilityView.sources,
  dbSize: dbSizeView.sources,
  hardware: hardwareView.sources,
  limits: limitsView.sources,
  maintenance: maintenanceView.sources,
  membership: membershipView.sources,
  overrides: overridesView.sources,
  plan: planView.sources,
  quorum: quorumView.sources,
  readPath: readPathView.sources,
  timeouts: timeoutsView.sources,
  topology: topologyView.sources,
  upgrade: upgradeView.sources,
  writePath: writePathView.sources,
} satisfies Record<CalculatorId, readonly SourceName[]>;
