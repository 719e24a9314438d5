/**
 * The hardware guide's lines behind each class, apart from the hardware calculator so that the
 * sizing plan can cite them without loading that calculator's URL state.
 */
import type { HardwareClassId } from '../model/hardware.ts';
import * as SOURCES from '../model/sources.ts';

/**
 * The hardware guide's lines of each class, as the model's refs (HARDWARE_CLASSES[].ref) name them;
 * a test checks that the two agree.
 */
export const CLASS_SOURCE: Readonly<Record<HardwareClassId, string>> = {
  small: SOURCES.etcdHardwareSmall,
  medium: SOURCES.etcdHardwareMedium,
  large: SOURCES.etcdHardwareLarge,
  xlarge: SOURCES.etcdHardwareXLarge,
};
