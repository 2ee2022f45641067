import type { SnapshotFrom } from 'xstate';
import type { ThemeId } from '../../contract/themes';
import type { appearanceMachine } from './appearance.machine';

type AppearanceSnapshot = Pick<SnapshotFrom<typeof appearanceMachine>, 'context'>;

export const selectTheme = (snapshot: AppearanceSnapshot): ThemeId => snapshot.context.theme;
