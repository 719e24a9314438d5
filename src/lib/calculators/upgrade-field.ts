/** The upgrade-strategy field, shared by the upgrade calculator and the sizing plan (both key it `s`). */
import type { FieldDef } from './calc.ts';

export const UPGRADE_STRATEGY_FIELD: FieldDef<'s'> = {
  key: 's',
  label: 'Upgrade strategy',
  kind: 'select',
  options: [
    ['surge', 'Surge: add a new node, then remove an old one'],
    ['in-place', 'In place: stop, upgrade and restart one node'],
  ],
};
