import { createContext, useContext } from 'react';
import type { FeatureFlag, FlagSource } from '../../services/flags/flags';
import { staticFlags } from '../../services/flags/flags';

const FlagsContext = createContext<FlagSource>(staticFlags());

export const FlagsProvider = FlagsContext.Provider;

export function useFlag(flag: FeatureFlag): boolean {
  return useContext(FlagsContext).isOn(flag);
}
