import { useMemo } from 'react';
import type { MemberArea, MemberAreaAction } from '../../contract/analytics';
import { memberAreaTrackingAttributes } from './analytics';

/**
 * The attributes that make an element's clicks tracked under a member-area name (spec section 2): the
 * shell's tracker reads them from the clicked element, so the view only spreads them onto it.
 */
export function useMemberAreaTracking<Area extends MemberArea>(area: Area, action?: MemberAreaAction<Area>): Record<string, string> {
  return useMemo(() => memberAreaTrackingAttributes(area, action), [area, action]);
}
