/**
 * Every calculator's URL-state schema and query prefix, collected for the build (the registry,
 * `<Calculator>`, the wiki export, moved sections, the citation engine's bound-defaults check,
 * tests). Browser code imports only types from here: at run time it looks a calculator's state up
 * with ./calculator-url.ts, so a page ships only the schemas of its own calculators. Each schema
 * lives in `./schemas/<id in kebab case>.ts`; adding a calculator means adding it to URLS below.
 * Loaded by Node directly in a child process too (src/lib/citations/bound-defaults.ts), so its
 * imports keep their `.ts` extensions and it uses no syntax type stripping cannot remove.
 */
import type { CalculatorUrl } from './calculator-url.ts';
import type { StateOf } from './url-state.ts';
import { APF_URL } from './schemas/apf.ts';
import { APISERVER_URL } from './schemas/apiserver.ts';
import { AVAILABILITY_URL } from './schemas/availability.ts';
import { DB_SIZE_URL } from './schemas/db-size.ts';
import { HARDWARE_URL } from './schemas/hardware.ts';
import { LIMITS_URL } from './schemas/limits.ts';
import { MAINTENANCE_URL } from './schemas/maintenance.ts';
import { MEMBERSHIP_URL } from './schemas/membership.ts';
import { OVERRIDES_URL } from './schemas/overrides.ts';
import { PLAN_URL } from './schemas/plan.ts';
import { QUORUM_URL } from './schemas/quorum.ts';
import { READ_PATH_URL } from './schemas/read-path.ts';
import { TIMEOUTS_URL } from './schemas/timeouts.ts';
import { TOPOLOGY_URL } from './schemas/topology.ts';
import { UPGRADE_URL } from './schemas/upgrade.ts';
import { WRITE_PATH_URL } from './schemas/write-path.ts';

export {
  calculatorTag,
  decodeCalculator,
  numberSpec,
  type CalculatorKey,
  type CalculatorNumberKey,
} from './calculator-url.ts';

// Each calculator's URL state by id: the ids here are the calculator ids everywhere.
const URLS = {
  quorum: QUORUM_URL,
  availability: AVAILABILITY_URL,
  writePath: WRITE_PATH_URL,
  apiserver: APISERVER_URL,
  upgrade: UPGRADE_URL,
  maintenance: MAINTENANCE_URL,
  topology: TOPOLOGY_URL,
  hardware: HARDWARE_URL,
  overrides: OVERRIDES_URL,
  readPath: READ_PATH_URL,
  timeouts: TIMEOUTS_URL,
  dbSize: DB_SIZE_URL,
  limits: LIMITS_URL,
  apf: APF_URL,
  membership: MEMBERSHIP_URL,
  plan: PLAN_URL,
} as const satisfies Record<string, Pick<CalculatorUrl, 'prefix' | 'schema'>>;

type Urls = typeof URLS;

export type CalculatorId = keyof Urls;

/** Schemas by calculator. */
export const CALCULATOR_SCHEMAS = Object.fromEntries(Object.entries(URLS).map(([id, url]) => [id, url.schema])) as {
  readonly [C in CalculatorId]: Urls[C]['schema'];
};

/** Query-parameter prefix of each calculator, e.g. "q." → "q.n=5". */
export const CALCULATOR_PREFIX = Object.fromEntries(
  Object.entries(URLS).map(([id, url]) => [id, url.prefix]),
) as Readonly<Record<CalculatorId, string>>;

/** The state type of one calculator. */
export type CalculatorState<C extends CalculatorId> = StateOf<(typeof CALCULATOR_SCHEMAS)[C]>;
