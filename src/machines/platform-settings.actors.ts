import { fromPromise } from 'xstate';
import type {
  PlatformSettings,
  PlatformSettingsUpdate,
} from '../../contract/platform-settings.schema';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * Panel Super Admin's settings form (issue #17): the shared save machine (a form that
 * stays open), given the API call as a plain function (src/api/platform-settings.api.ts).
 */

/** The settings form: it stays open after a save. */
export const PLATFORM_SETTINGS_FORM = { dialog: false, afterSave: 'edit' } as const;

export const platformSettingsMachine = saveFor<never, PlatformSettingsUpdate, PlatformSettings>();

type Request = { subject: never | null; values: PlatformSettingsUpdate };

export function createPlatformSettingsImplementations(deps: {
  save: (values: PlatformSettingsUpdate) => Promise<PlatformSettings>;
  toast: Toast;
}) {
  return {
    actors: {
      save: fromPromise<PlatformSettings, Request>(({ input }) => deps.save(input.values)),
    },
    actions: { notifySaved: () => deps.toast('Configuración guardada') },
  } satisfies SaveImplementations<never, PlatformSettingsUpdate, PlatformSettings>;
}
